export { Container } from './container';
