// Globals the render worker sets for the remotes' server builds before loading them.
declare global {
  /** Container name -> the URL its browser build is served from. */
  var __FIRSTDAY_PUBLIC_PATHS__: Readonly<Record<string, string>> | undefined;
}
export {};
