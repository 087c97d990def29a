/** @jest-environment node */
import path from 'node:path';
import type { RendererSetup } from '../../../../platform/render-protocol/worker-protocol';
import type { ReleaseLanes } from '../../lanes/release-lanes';
import { RendererPool } from '../../worker/renderer-pool';
import { PageService } from '../page-service';

const fakeWorker = path.join(
  __dirname,
  '..',
  '..',
  'worker',
  '__tests__',
  'fake-render-worker.cjs',
);

/** The lanes as the page service sees them: one live set, served by `renderer`. */
const liveLanes = (renderer: RendererPool) =>
  ({
    onServedChange: () => {},
    remoteSet: undefined,
    serving: async () => ({ kind: 'live', renderer, set: undefined, cacheKey: 'live set' }),
    live: () => ({ kind: 'live', renderer, set: undefined, cacheKey: 'live set' }),
  }) as unknown as ReleaseLanes;

describe('the log of a page whose render was given up', () => {
  it('says the render overran its deadline, not that the page threw', async () => {
    const renderer = new RendererPool('set', { behaviour: 'normal' } as unknown as RendererSetup, {
      size: 1,
      startDeadlineMs: 5000,
      trials: false,
      workerFile: fakeWorker,
    });
    const lines: string[] = [];
    const pages = new PageService(
      { pageCache: true, deadlineMs: 100 },
      liveLanes(renderer),
      (_key, message) => lines.push(message),
    );
    try {
      const answer = await pages.page('/spin');
      expect(answer.page.status).toBe(503);
      // Asked again while the route is kept off: the same cause, not a throw.
      await pages.page('/spin');
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(
        /^\/spin overran its render deadline \(no render of \/spin within 300 ms\)/,
      );
      expect(lines[1]).toMatch(/^\/spin overran its render deadline \(.*kept off/);
    } finally {
      renderer.retire(0);
      await renderer.ended;
    }
  }, 20_000);
});
