// @ts-check
/**
 * A stand-in render worker for the render server's own tests: a child process that speaks the
 * worker protocol like the shell's render worker, with behaviours chosen by its setup (the first
 * message, `setup.behaviour`): 'never-ready' never says ready (a remote whose server build
 * hangs); otherwise '/spin…' spins for 10 s (a page whose render loops), '/env' answers with the
 * names of the environment it was given, and any other path renders at once.
 */
const send = (/** @type {unknown} */ message) => process.send?.(message);

process.on('disconnect', () => process.exit(0));

process.once('message', (/** @type {{ setup: { behaviour: string } }} */ { setup }) => {
  if (setup.behaviour === 'never-ready') {
    setInterval(() => {}, 60_000);
    return;
  }
  process.on('message', (/** @type {{ id: number; path: string }} */ { id, path }) => {
    if (path.startsWith('/spin')) {
      const end = Date.now() + 10_000;
      while (Date.now() < end);
    }
    const html = path === '/env' ? JSON.stringify(Object.keys(process.env)) : `<p>${path}</p>`;
    send({ type: 'rendered', id, status: 200, html, complete: true });
  });
  send({ type: 'ready' });
});
