import {
  remoteLoadFailedEvent,
  type RemoteLoadFailure,
} from '../../../federation/runtime-plugins/remote-load-failed';

/** What went wrong on the page since the field data last took it. */
interface Trouble {
  /** Uncaught errors and unhandled rejections. */
  readonly errors: number;
  /** The first of those errors' message. */
  readonly firstError?: string;
  /** Remote modules the page could not get (after retries). */
  readonly failedLoads: number;
  /** The first of those loads' remote, as announced (checked when a beacon is assembled). */
  readonly firstFailedRemote?: string;
}

export interface PageTrouble {
  /** What went wrong since the last take; counting starts afresh. */
  take(): Trouble;
  /** `listener` is called on every new error or failed load, and at once if some are waiting. */
  watch(listener: () => void): void;
}

const none: Trouble = { errors: 0, failedLoads: 0 };

/**
 * An error React caught in an error boundary (the page shows its error screen): never an
 * uncaught error the window hears of, yet a visitor met it, so it is announced to be counted.
 */
const caughtErrorEvent = 'firstday:caught-error';

/** Announces an error an error boundary caught, for the field data. */
export function announceCaughtError(error: unknown): void {
  window.dispatchEvent(new CustomEvent(caughtErrorEvent, { detail: error }));
}

/** Some words for what was thrown: anything may be thrown, so nothing about it is assumed. */
function messageOf(thrown: unknown, fallback: string): string {
  if (thrown instanceof Error) return thrown.message || thrown.name;
  if (typeof thrown === 'string') return thrown;
  return fallback;
}

function remoteOf(event: Event): string | undefined {
  const detail = (event as CustomEvent<Partial<RemoteLoadFailure> | null>).detail;
  return typeof detail?.remote === 'string' ? detail.remote : undefined;
}

/**
 * Starts counting the page's uncaught errors, unhandled rejections and failed remote loads.
 * Called first thing in the page's life (shell/src/index.ts), so errors during start-up count;
 * the field-data reporter, loaded much later, takes what was counted.
 */
export function watchPageTrouble(target: Window): PageTrouble {
  let trouble: Trouble = none;
  let listener: (() => void) | undefined;
  const add = (change: Partial<Trouble>) => {
    trouble = {
      errors: trouble.errors + (change.errors ?? 0),
      failedLoads: trouble.failedLoads + (change.failedLoads ?? 0),
      firstError: trouble.firstError ?? change.firstError,
      firstFailedRemote: trouble.firstFailedRemote ?? change.firstFailedRemote,
    };
    listener?.();
  };
  target.addEventListener('error', (event) => {
    // Only a script's errors: a failed image or script file is not an ErrorEvent.
    if (!(event instanceof ErrorEvent)) return;
    add({ errors: 1, firstError: messageOf(event.error, event.message || 'Script error') });
  });
  target.addEventListener('unhandledrejection', (event) => {
    add({ errors: 1, firstError: messageOf(event.reason, 'Unhandled rejection') });
  });
  target.addEventListener(caughtErrorEvent, (event) => {
    add({ errors: 1, firstError: messageOf((event as CustomEvent).detail, 'Caught error') });
  });
  target.addEventListener(remoteLoadFailedEvent, (event) => {
    add({ failedLoads: 1, firstFailedRemote: remoteOf(event) });
  });
  return {
    take() {
      const taken = trouble;
      trouble = none;
      return taken;
    },
    watch(next) {
      listener = next;
      if (trouble.errors > 0 || trouble.failedLoads > 0) next();
    },
  };
}
