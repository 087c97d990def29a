/** The frame of an app running alone in development; never part of a visitor's page. */
export { StandaloneFrame } from '../ui/standalone-frame';
