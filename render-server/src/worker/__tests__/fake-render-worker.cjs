// @ts-check
/**
 * A stand-in render worker for the render server's own tests: it speaks the worker protocol
 * like the shell's render worker, with behaviours chosen by its setup (`workerData.behaviour`):
 * 'never-ready' never says ready (a remote whose server build hangs); otherwise '/spin…' spins
 * the thread for 10 s (a page whose render loops), '/env' answers with the names of the
 * environment it was given, and any other path renders at once.
 */
const { parentPort, workerData } = require('node:worker_threads');

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

if (workerData.behaviour === 'never-ready') {
  setInterval(() => {}, 60_000);
} else {
  port.on('message', (/** @type {{ id: number; path: string }} */ { id, path }) => {
    if (path.startsWith('/spin')) {
      const end = Date.now() + 10_000;
      while (Date.now() < end);
    }
    const html = path === '/env' ? JSON.stringify(Object.keys(process.env)) : `<p>${path}</p>`;
    port.postMessage({ type: 'rendered', id, status: 200, html, complete: true });
  });
  port.postMessage({ type: 'ready' });
}
