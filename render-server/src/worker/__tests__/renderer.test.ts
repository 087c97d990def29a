/** @jest-environment node */
import path from 'node:path';
import type { RendererSetup } from '../../../../platform/render-protocol/worker-protocol';
import { Renderer, RenderOverrun } from '../renderer';

/**
 * Real worker threads running a stand-in of the shell's render worker: what the render server
 * gives a worker, and what it does with one that hangs.
 */
const fakeWorker = path.join(__dirname, 'fake-render-worker.cjs');
const setup = (behaviour: string) => ({ behaviour }) as unknown as RendererSetup;

describe('a render worker', () => {
  it('starts with none of the server secrets in its environment', async () => {
    const saved = { ...process.env };
    process.env.PREVIEW_SECRET = 'x'.repeat(40);
    process.env.FIELD_DATA_PROJECT = 'demo-secret-project';
    process.env.GOOGLE_APPLICATION_CREDENTIALS = '/secrets/key.json';
    try {
      const renderer = new Renderer('set', setup('normal'), 5000, fakeWorker);
      const page = await renderer.render('/env', 5000);
      const names = JSON.parse(page.html) as string[];
      expect(names).not.toContain('PREVIEW_SECRET');
      expect(names).not.toContain('GOOGLE_APPLICATION_CREDENTIALS');
      expect(names).not.toContain('FIELD_DATA_PROJECT');
      renderer.retire(0);
      await renderer.ended;
    } finally {
      process.env = saved;
    }
  });

  it('is stopped when it does not start within its deadline, and says so', async () => {
    const started = Date.now();
    const renderer = new Renderer('set', setup('never-ready'), 300, fakeWorker);
    await expect(renderer.ready).rejects.toThrow(/not ready within 300 ms/);
    await renderer.ended;
    expect(Date.now() - started).toBeLessThan(2000);
    expect(renderer.alive).toBe(false);
  });

  it('is stopped when a render overruns its deadline: nothing queues behind it', async () => {
    const renderer = new Renderer('set', setup('normal'), 5000, fakeWorker);
    await renderer.ready;
    const started = Date.now();
    const spinning = renderer.render('/spin', 300);
    const behind = renderer.render('/about', 5000);
    await expect(spinning).rejects.toBeInstanceOf(RenderOverrun);
    await expect(behind).rejects.toThrow(/overran/);
    await renderer.ended;
    // Stopped at the deadline, not after the 10 s spin.
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
