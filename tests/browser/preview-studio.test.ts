import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { localPreviewSecret, signPreview } from '../../platform/releases/preview-token.cjs';
import { routes } from '../../platform/routes/routes.cjs';
import stack from '../../tools/stack/stack.cjs';
import paths from '../../tools/stack/paths.cjs';
import { publishCopy } from '../support/browser/candidate-release';
import { publishBuild } from '../support/browser/release-commands';
import { pollUntil } from '../support/browser/poll-until';
import { samplePeaks } from '../support/browser/process-tree-rss';
import { ports, setUpSite, siteUrl } from '../support/browser/site';
import { scaled } from '../support/time-factor';

/**
 * Previews for a whole studio: three reviewers, each on a set of their own, ask for every page
 * together, with the render server's default preview bound; a fourth set, over the bound, is
 * told when to come back and the three go on. The render server's RSS is sampled throughout.
 */
let dir: string;
const base = `http://localhost:${ports['remote-home']}/`;
/** Copies of the live release under other versions: distinct sets to preview. */
const sets: string[] = [];
const rounds = 4;
const pages = routes.filter((route) => !('clientOnly' in route)).map((route) => route.path);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'preview-studio-'));
  fs.writeFileSync(
    path.join(dir, 'release.json'),
    JSON.stringify({ urls: { 'remote-home': base } }),
  );
  const live = await publishBuild(dir, path.join(paths.repoRoot, 'remote-home'), {
    FIRSTDAY_RELEASER: 'remote-home team',
  });
  for (const reviewer of ['a', 'b', 'c', 'd']) {
    publishCopy(dir, live, `${live}-${reviewer}`);
    sets.push(`${live}-${reviewer}`);
  }
  fs.writeFileSync(
    path.join(dir, 'remotes.json'),
    JSON.stringify({
      ...JSON.parse(stack.remotesJsonFor(ports)),
      'remote-home': `${base}${live}/mf-manifest.json`,
    }),
  );
}, 300_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const ctx = setUpSite(() =>
  stack.serveSite({
    ports,
    dirs: { 'remote-home': path.join(dir, 'remote-home') },
    remotesJson: path.join(dir, 'remotes.json'),
  }),
);

beforeAll(async () => {
  await pollUntil(scaled(30_000), async () =>
    (await fetch(siteUrl('/about'))).status === 200 ? true : undefined,
  );
}, 40_000);

const cookieOf = (version: string) =>
  `__session=p.${signPreview(localPreviewSecret, { releases: { 'remote-home': version }, audience: siteUrl('/') }, 3600)}`;

/** One reviewer's page: status, whether it is their set's, Retry-After, text. */
async function reviewerPage(version: string, page: string) {
  const answer = await fetch(siteUrl(page), { headers: { cookie: cookieOf(version) } });
  const html = await answer.text();
  return {
    status: answer.status,
    theirs:
      html.includes(`${base}${version}/mf-manifest.json`) && html.includes('"lane":"preview"'),
    retryAfter: answer.headers.get('retry-after'),
    html,
  };
}

describe('three reviewers of three sets at once', () => {
  it('each get every page they ask for; a fourth set is told when to come back, the three go on', async () => {
    const pid = ctx.site.pidOf('shell');
    if (!pid) throw new Error('no render server');
    const sampling = samplePeaks(pid);
    const [a, b, c, fourth] = sets as [string, string, string, string];
    const review = async (version: string) => {
      const answers = [];
      for (let round = 0; round < rounds; round++)
        for (const page of pages) answers.push(await reviewerPage(version, page));
      return answers;
    };
    // A reviewer's first page: their worker's start (a process) and the render.
    const firstAsked = Date.now();
    expect((await reviewerPage(a, '/')).theirs).toBe(true);
    const firstPageMs = Date.now() - firstAsked;
    const three = await Promise.all([a, b, c].map(review));
    const all = three.flat();
    const served = all.filter((page) => page.status === 200 && page.theirs).length;
    // The three are in use: a fourth set waits briefly, then is told when to come back.
    const asked = Date.now();
    const busy = await reviewerPage(fourth, '/');
    const waitedMs = Date.now() - asked;
    const after = await Promise.all([a, b, c].map((version) => reviewerPage(version, '/about')));
    const memory = sampling.stop();
    const previewsMb = memory.previewPeaksMb.reduce((sum, each) => sum + each, 0);
    console.log(
      `three reviewers: ${served} of ${all.length} pages served from their own set; ` +
        `the fourth: ${busy.status} after ${waitedMs} ms, Retry-After ${busy.retryAfter}; ` +
        `a preview's first page (its worker started) in ${firstPageMs} ms; ` +
        `${memory.summary} (together ${previewsMb.toFixed(0)} MB)`,
    );
    expect(served).toBe(3 * rounds * pages.length);
    expect(busy.status).toBe(503);
    expect(busy.retryAfter).toMatch(/^\d+$/);
    expect(busy.html).toContain(`try this link again in ${busy.retryAfter} s`);
    expect(after.every((page) => page.status === 200 && page.theirs)).toBe(true);
    // The bound stated in docs/releases.md: a preview worker (a process of its own) holds
    // under 100 MB, so previews hold under 300 MB at the default bound of 3. The server's own
    // process grows as it serves any pages: a loose bound catches a leak. Its live workers
    // render no preview.
    expect(memory.previewPeaksMb).toHaveLength(3);
    for (const mb of memory.previewPeaksMb) expect(mb).toBeLessThan(100);
    expect(previewsMb).toBeLessThan(3 * 100);
    expect(memory.serverGrewMb).toBeLessThan(100);
  }, 180_000);
});
