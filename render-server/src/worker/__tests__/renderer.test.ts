/** @jest-environment node */
import path from 'node:path';
import type { RendererSetup } from '../../../../platform/render-protocol/worker-protocol';
import { readConfig } from '../../config';
import { Renderer, RenderOverrun } from '../renderer';

/**
 * Real child processes running a stand-in of the shell's render worker: what the render server
 * gives a worker, and what it does with one that hangs.
 */
const fakeWorker = path.join(__dirname, 'fake-render-worker.cjs');
const setup = (behaviour: string) => ({ behaviour }) as unknown as RendererSetup;

describe('a render worker', () => {
  it('starts with none of the server secrets in its environment', async () => {
    const { workerEnv } = readConfig(
      {
        ...process.env,
        HOST: '127.0.0.1',
        FIELD_DATA_PROJECT: 'demo-secret-project',
        GOOGLE_APPLICATION_CREDENTIALS: '/secrets/key.json',
        FIREBASE_TOKEN: 'a-token',
      },
      __dirname,
    );
    {
      const renderer = new Renderer('set', setup('normal'), 5000, fakeWorker, workerEnv);
      const page = await renderer.render('/env', 5000);
      const names = JSON.parse(page.html) as string[];
      expect(names).not.toContain('PREVIEW_SECRET');
      expect(names).not.toContain('GOOGLE_APPLICATION_CREDENTIALS');
      expect(names).not.toContain('FIELD_DATA_PROJECT');
      expect(names).not.toContain('FIREBASE_TOKEN');
      expect(names).toContain('PATH');
      renderer.retire(0);
      await renderer.ended;
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
