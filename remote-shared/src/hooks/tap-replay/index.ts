export { tapCaptureScript } from './tap-capture-script';
export { useTapReplay } from './use-tap-replay';
