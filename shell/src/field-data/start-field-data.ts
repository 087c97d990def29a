import type { ServerState } from '../server-state/server-state';
import type { PageTrouble } from './page-trouble';

/** The latest the field data starts after start-up, if the page is never idle before. */
export const fieldDataIdleTimeoutMs = 2000;

/** Runs `work` when the browser is idle (or after the timeout at the latest). */
function whenIdle(work: () => void, target: Window): void {
  if (typeof target.requestIdleCallback === 'function') {
    target.requestIdleCallback(work, { timeout: fieldDataIdleTimeoutMs });
  } else {
    target.setTimeout(work, 0);
  }
}

/**
 * Starts the page load's field data once start-up is over, at idle: its code (web-vitals among
 * it) is a chunk of its own, so none of it weighs on the way to an interactive page. Only a
 * server-rendered page tagged with its version set reports; the fallback page and standalone
 * development send nothing.
 */
export function startFieldData(
  state: ServerState | null,
  landingRoute: string,
  trouble: PageTrouble,
  target: Window = window,
): void {
  const set = state?.field?.set;
  if (typeof set !== 'string') return;
  whenIdle(() => {
    import('./run-field-data')
      .then(({ runFieldData }) => runFieldData(set, landingRoute, trouble))
      .catch(() => {
        // Without its field data the page works as well.
      });
  }, target);
}
