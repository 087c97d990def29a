/** @jest-environment node */
import path from 'node:path';
import type { RendererSetup } from '../../../../platform/render-protocol/worker-protocol';
import { RendererPool, SlowRoute } from '../renderer-pool';

const fakeWorker = path.join(__dirname, 'fake-render-worker.cjs');
const pool = () =>
  new RendererPool('set', { behaviour: 'normal' } as unknown as RendererSetup, {
    size: 2,
    startDeadlineMs: 5000,
    trials: true,
    workerFile: fakeWorker,
  });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the render workers of a set', () => {
  it('keep other routes at their normal time while one route spins, asked every second', async () => {
    const workers = pool();
    await workers.ready;
    const deadline = 1000;
    const slowAnswers: number[] = [];
    const otherTimes: number[] = [];
    let asking = true;
    const askSlow = (async () => {
      while (asking) {
        const started = Date.now();
        await workers.render('/spin', deadline).catch((error: unknown) => error);
        slowAnswers.push(Date.now() - started);
        await sleep(1000);
      }
    })();
    const until = Date.now() + 6000;
    while (Date.now() < until) {
      for (const route of ['/about', '/contact']) {
        const started = Date.now();
        const page = await workers.render(route, deadline);
        otherTimes.push(Date.now() - started);
        expect(page.html).toBe(`<p>${route}</p>`);
      }
      await sleep(100);
    }
    asking = false;
    await askSlow;
    // The first ask of the slow route runs into its deadline; later ones are answered at once.
    expect(slowAnswers[0]).toBeGreaterThanOrEqual(deadline);
    expect(slowAnswers.slice(1).every((ms) => ms < 100)).toBe(true);
    // Not one render of another route waited on the spinning one (normal time here: < 100 ms).
    expect(Math.max(...otherTimes)).toBeLessThan(deadline / 2);
    await expect(workers.render('/spin', deadline)).rejects.toBeInstanceOf(SlowRoute);
    workers.retire(0);
    await workers.ended;
  }, 20_000);
});

describe('a render past its deadline (the page cache off: every request renders)', () => {
  it('never delays a burst of other routes by more than 100 ms', async () => {
    const workers = pool();
    try {
      await workers.ready;
      const bothServing = () => pollUntilTrue(() => workers.servingWorkers === 2);
      await bothServing();
      const others = ['/about', '/contact', '/no-such-page'];
      /** Each other route's time, asked together (as a burst of visitors would). */
      const burst = () =>
        Promise.all(
          others.map(async (route) => {
            const started = Date.now();
            const page = await workers.render(route, 1000);
            expect(page.html).toBe(`<p>${route}</p>`);
            return Date.now() - started;
          }),
        );
      // Their normal time, in this run, on this machine.
      const normal: number[] = [];
      for (let round = 0; round < 5; round++) normal.push(Math.max(...(await burst())));
      const usual = [...normal].sort((a, b) => a - b)[2]!;
      const delays: number[] = [];
      // Three bursts, each while a different route spins past its deadline in one worker.
      for (const spinning of ['/spin-a', '/spin-b', '/spin-c']) {
        const overrun = workers.render(spinning, 1000).catch((error: unknown) => error);
        delays.push(Math.max(...(await burst())) - usual);
        await overrun;
        await bothServing();
      }
      console.log(
        `bursts beside a spinning render: ${delays.join(', ')} ms over the usual ${usual} ms`,
      );
      expect(Math.max(...delays)).toBeLessThan(100);
    } finally {
      workers.retire(0);
      await workers.ended;
    }
  }, 30_000);
});

/** Resolves once `check` holds (asked every 10 ms), or fails after 10 s. */
async function pollUntilTrue(check: () => boolean): Promise<void> {
  const until = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > until) throw new Error('not within 10 s');
    await sleep(10);
  }
}
