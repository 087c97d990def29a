import { parentPort, workerData } from 'node:worker_threads';
import type {
  RendererSetup,
  WorkerMessage,
} from '../../../platform/render-protocol/worker-protocol';
import { rememberFailedAnswers } from './failed-answers';

/**
 * A render worker: a federation host for one set of remote versions. The render server starts
 * a fresh one whenever a remote's version changes (a running process cannot reliably forget a
 * remote's server code), so every render comes from exactly the versions its HTML names.
 */
const setup = workerData as RendererSetup;
const port = parentPort!;

const baseOf = (manifestUrl: string) => new URL('./', manifestUrl).href;

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

const post = (message: WorkerMessage) => port.postMessage(message);

// The async boundary: shared modules and remote-shared (the chrome's content and design) are
// ready once this import resolves.
import('./serve-renders')
  .then(({ serveRenders }) => serveRenders(setup, port, post))
  .catch((error: unknown) =>
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
  );
