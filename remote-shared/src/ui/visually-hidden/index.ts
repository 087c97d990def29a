export { visuallyHidden } from './visually-hidden';
