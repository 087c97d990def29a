export { StandaloneFrame } from './standalone-frame';
