import type {
  RendererSetup,
  WorkerMessage,
  WorkerSetupMessage,
} from '../../../platform/render-protocol/worker-protocol';
import { rememberFailedAnswers } from './failed-answers';

/**
 * A render worker: a federation host for one set of remote versions, in a process of its own
 * that the render server starts with a clean environment and no keys (it runs remote teams'
 * server code). The server starts a fresh one whenever a remote's version changes (a running
 * process cannot reliably forget a remote's server code), so every render comes from exactly
 * the versions its HTML names. It is told its set in its first message, over the IPC channel.
 */
const post = (message: WorkerMessage) => process.send?.(message);

const baseOf = (manifestUrl: string) => new URL('./', manifestUrl).href;

// The server gone, nothing is left to render for.
process.on('disconnect', () => process.exit(0));

function start(setup: RendererSetup): void {
  // A file that answered with an error status is named with its status when its load fails.
  rememberFailedAnswers();

  // Before any remote loads: where each one is, where its media are, how long it may take.
  globalThis.__FIRSTDAY_REMOTES__ = setup.serverRemotes;
  globalThis.__FIRSTDAY_FETCH_DEADLINE_MS__ = setup.deadlineMs;
  globalThis.__FIRSTDAY_PUBLIC_PATHS__ = Object.fromEntries(
    Object.entries(setup.browserRemotes).flatMap(([, url]) => {
      const manifest = setup.manifests[url];
      return manifest ? [[manifest.metaData.name, baseOf(url)]] : [];
    }),
  );

  // The async boundary: shared modules and remote-shared (the chrome's content and design) are
  // ready once this import resolves.
  import('./serve-renders')
    .then(({ serveRenders }) =>
      serveRenders(setup, (listener) => process.on('message', listener), post),
    )
    .catch((error: unknown) =>
      post({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
}

process.once('message', (message: WorkerSetupMessage) => start(message.setup));
