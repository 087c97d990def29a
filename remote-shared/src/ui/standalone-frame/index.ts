export { StandaloneFrame, type StandaloneFrameProps } from './standalone-frame';
