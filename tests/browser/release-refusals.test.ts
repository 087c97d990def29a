import fs from 'node:fs';
import path from 'node:path';
import { errors, footer, hero, navigation } from 'remote-shared/content';
import { pageRenderDeadlineMs, remoteDeadlineMs } from '../../platform/deadlines.cjs';
import stack from '../../tools/stack/stack.cjs';
import {
  publishCopy,
  publishVariant,
  releasesWithCandidate,
  type CandidateReleases,
} from '../support/browser/candidate-release';
import { releaseCommand } from '../support/browser/release-commands';
import { pollUntil } from '../support/browser/poll-until';
import { watchServerLog } from '../support/browser/server-log';
import { launchBrowser, ports, setUpSite, siteUrl } from '../support/browser/site';
import { scaled } from '../support/time-factor';

/**
 * Bad releases of remote-home, as its team might ship them, each refused by a plain `promote`
 * with a message that names its cause, the live pointer untouched: a browser chunk lost on the
 * way to the host, a Home whose server render spins past the render server's page deadline, the
 * exposed module renamed, Home gaining a required prop, and Home throwing in the browser once
 * hydrated. The variants are built once, here.
 */
let releases: CandidateReleases;
/** remote-home's live release copied with Home's browser chunk left out. */
let lostChunk: string;
let missingChunkUrl: string;
let spinning: string;
let renamed: string;
let needsProp: string;
let throwsInBrowser: string;
const browserFailure = 'Home broke after hydration';

const pointerFile = () => path.join(releases.dir, 'remotes.json');
const promote = (...args: string[]) =>
  releaseCommand('promote.mjs', [...args, '--to', releases.dir], {
    env: { FIRSTDAY_RELEASER: 'remote-home team' },
    timeoutMs: 120_000,
  });

/** A copy of a published release under a new version, without one file of its browser build. */
function publishWithout(version: string, dropped: (manifest: ExposesManifest) => string): string {
  const appDir = path.join(releases.dir, 'remote-home');
  const copy = publishCopy(releases.dir, version, `${version}-lost-chunk`);
  const manifest = JSON.parse(
    fs.readFileSync(path.join(appDir, copy, 'mf-manifest.json'), 'utf8'),
  ) as ExposesManifest;
  const file = dropped(manifest);
  // The file and its precompressed copies: none of them reached the host.
  for (const served of [file, `${file}.br`, `${file}.gz`])
    fs.rmSync(path.join(appDir, copy, served), { force: true });
  missingChunkUrl = `http://localhost:${ports['remote-home']}/${copy}/${file}`;
  return copy;
}

interface ExposesManifest {
  exposes: { name: string; assets: { js: { sync: string[] } } }[];
}

const edit = (file: string, from: string, to: string) => {
  const code = fs.readFileSync(file, 'utf8');
  if (!code.includes(from)) throw new Error(`${file} has no "${from}" to change`);
  fs.writeFileSync(file, code.replace(from, to));
};
const homePage = (source: string) => path.join(source, 'src', 'home', 'home-page.tsx');

beforeAll(async () => {
  // Home's render blocks the server's thread for 10 s: past the page deadline, never finishing.
  releases = await releasesWithCandidate(
    (source) =>
      edit(
        homePage(source),
        'export function HomePage() {',
        "export function HomePage() {\n  if (typeof window === 'undefined') {\n    const until = Date.now() + 10_000;\n    while (Date.now() < until);\n  }",
      ),
    'firstday-refusals-',
  );
  spinning = releases.candidate;
  renamed = await publishVariant(releases.dir, (source) =>
    edit(path.join(source, 'federation.config.cjs'), "'./home-page':", "'./home':"),
  );
  needsProp = await publishVariant(releases.dir, (source) =>
    edit(
      homePage(source),
      'export function HomePage() {',
      'export function HomePage({ greeting }: { greeting: string }) {\n  void greeting;',
    ),
  );
  throwsInBrowser = await publishVariant(releases.dir, (source) => {
    edit(
      homePage(source),
      "import { Suspense } from 'react';",
      "import { Suspense, useEffect } from 'react';",
    );
    edit(
      homePage(source),
      'export function HomePage() {',
      `export function HomePage() {\n  useEffect(() => {\n    throw new Error(${JSON.stringify(browserFailure)});\n  }, []);`,
    );
  });
  lostChunk = publishWithout(releases.live, (manifest) => {
    const home = manifest.exposes.find((expose) => expose.name === 'home-page');
    const chunk = home?.assets.js.sync[0];
    if (!chunk) throw new Error('the manifest names no chunk for home-page');
    return chunk;
  });
}, 600_000);

/** What the render server logs while this file runs. */
const serverLog = watchServerLog();

const ctx = setUpSite(() =>
  stack.serveSite({
    ports,
    dirs: { 'remote-home': path.join(releases.dir, 'remote-home') },
    remotesJson: pointerFile(),
    renderEnv: { REMOTE_POLL_MS: '500' },
  }),
);

afterAll(() => fs.rmSync(releases.dir, { recursive: true, force: true }));

const homeHtml = async () => (await fetch(siteUrl('/'))).text();

/** Promotes `version` and expects it refused, the pointer as it was; returns the output. */
async function refused(version: string): Promise<string> {
  const pointer = fs.readFileSync(pointerFile(), 'utf8');
  const result = await promote(`remote-home@${version}`);
  expect(result.out).toContain('Not promoted: the candidate failed its checks.');
  expect(result.code).toBe(1);
  expect(fs.readFileSync(pointerFile(), 'utf8')).toBe(pointer);
  console.log(`promote remote-home@${version}: exit ${result.code} after ${result.ms} ms`);
  return result.out;
}

describe('promote refuses a bad release of remote-home, naming its cause', () => {
  it('Home throwing in the browser after hydration: refused by the browser walk with the error and a screenshot', async () => {
    const out = await refused(throwsInBrowser);
    expect(out).toMatch(/in the browser: \/ at 390x844: .*the error screen/);
    expect(out).toContain(browserFailure);
    const shot = /screenshot: (\S+\.png)\)/.exec(out)?.[1] ?? '';
    expect(fs.existsSync(shot)).toBe(true);
  }, 240_000);

  it('a browser chunk missing where visitors fetch it: refused with its URL', async () => {
    const out = await refused(lostChunk);
    expect(out).toContain(`not served: ${missingChunkUrl} answered 404`);
  }, 180_000);

  it("Home's server render spinning 10 s: refused at the render server's page deadline", async () => {
    const out = await refused(spinning);
    expect(out).toContain(
      `/ did not render within the render server's page deadline of ${pageRenderDeadlineMs(remoteDeadlineMs) / 1000} s`,
    );
  }, 180_000);

  it("the exposed module renamed: refused, naming the module the shell can't find", async () => {
    const out = await refused(renamed);
    expect(out).toContain('remote-home/home-page');
  }, 180_000);

  it("Home gaining a required prop: refused with the compiler's own message, no temporary paths", async () => {
    const out = await refused(needsProp);
    expect(out).toContain('the shell does not type-check against the published types:');
    expect(out).toMatch(/error TS2322: /);
    expect(out).toContain("Property 'greeting' is missing");
    expect(out).not.toMatch(/released-types-|\.tmp\//);
  }, 240_000);
});

describe('a rollback to a set that was live before', () => {
  it('is not checked again (the command a fraction of a checked one, the set served within the poll), and the record names the checks it skipped', async () => {
    // The live release, promoted with its checks (the directory's pointer was written by hand).
    const checked = await promote(`remote-home@${releases.live}`);
    expect(checked).toMatchObject({ code: 0 });
    expect(checked.out).toContain('every route rendered with it');
    // What the closing note quotes: the whole check of a good release, browser walk included.
    console.log(
      `promote of the good release, every check: ${checked.ms} ms (${/the browser walk took ([\d.]+ s)/.exec(checked.out)?.[1] ?? 'no walk'} of it the browser walk)`,
    );
    // A release forced live (it renders; only its types are wrong; the walk is not this test's
    // subject)…
    expect((await promote(`remote-home@${needsProp}`, '--force', '--skip-browser')).code).toBe(0);
    await pollUntil(scaled(10_000), async () =>
      (await homeHtml()).includes(releases.manifestOf(needsProp)) ? true : undefined,
    );
    // …and the rollback, timed from the command to the first page rendered with the live set.
    const started = Date.now();
    const rollback = await promote(`remote-home@${releases.live}`, '--reason', 'types broke');
    expect(rollback).toMatchObject({ code: 0 });
    expect(rollback.out).toContain('(rollback)');
    expect(rollback.out).toContain('This set was live before and passed its checks then');
    expect(rollback.out).not.toContain('every route rendered with it');
    await pollUntil(scaled(5_000), async () =>
      (await homeHtml()).includes(releases.manifestOf(releases.live)) ? true : undefined,
    );
    const servedMs = Date.now() - started;
    console.log(
      `rollback: promote took ${rollback.ms} ms; the rolled-back set served ${servedMs} ms after the command`,
    );
    // No check runs: the command is a fraction of a checked promotion (the goal is 2 s from the
    // command to the set served, which a busy machine does not keep: the figures are logged).
    // The render server then serves the set at its next poll (500 ms here), its workers started.
    expect(rollback.ms).toBeLessThan(checked.ms / 4);
    expect(servedMs).toBeLessThan(rollback.ms + 10_000);
    const record = JSON.parse(
      fs.readFileSync(path.join(releases.dir, 'release-history.json'), 'utf8'),
    ) as { action: string; version: string; skippedChecks?: string[]; checkedAt?: string }[];
    expect(record.at(-1)).toMatchObject({
      action: 'rollback',
      version: releases.live,
      skippedChecks: [
        'every file served',
        'every route rendered',
        'the browser walk',
        'the shell type-checks',
      ],
      checkedAt: expect.any(String),
    });
  }, 240_000);
});

describe('the renamed release forced live (its Home module missing)', () => {
  /** The render server's error lines about / that name the module it could not load. */
  const missingModuleLines = () =>
    serverLog
      .lines()
      .filter(
        (line) =>
          line.severity === 'ERROR' &&
          line.route === '/' &&
          String(line.message).includes('remote-home/home-page'),
      );

  it('serves the last good render of /, and logs one line naming the missing module', async () => {
    // A render of / with the live set to fall back on (the rollback above served it).
    expect(await homeHtml()).toContain(releases.manifestOf(releases.live));
    serverLog.clear();
    const forced = await promote(`remote-home@${renamed}`, '--force', '--skip-browser');
    expect(forced).toMatchObject({ code: 0 });
    // The render server reads the new pointer within its poll, then fails to load Home.
    await pollUntil(scaled(10_000), async () => {
      await homeHtml();
      return missingModuleLines().length > 0 ? true : undefined;
    });
    for (let visit = 0; visit < 3; visit += 1) {
      const answer = await fetch(siteUrl('/'));
      const html = await answer.text();
      expect(answer.status).toBe(200);
      // Never kept by a cache: the next render may work again.
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(html).toContain(releases.manifestOf(releases.live));
      expect(html.replace(/&#x27;|&#39;/g, "'")).toContain(hero.headline);
      expect(html).not.toContain(errors.unavailableTitle);
    }
    // One line, however many visitors met it, naming the module and why it could not load.
    const lines = missingModuleLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      releases: expect.objectContaining({ 'remote-home': renamed }),
    });
    console.log(`The forced missing-module release's log line: ${String(lines[0]?.message)}`);
    // /about is still rendered by the forced set: only Home's module is missing.
    const about = await fetch(siteUrl('/about'));
    expect(about.status).toBe(200);
    expect(await about.text()).toContain(releases.manifestOf(renamed));
  }, 240_000);

  it('a client-side visit to Home keeps the chrome, says the part is unavailable with a retry, and the field data counts the failed load', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await page.goto(siteUrl('/about'));
      await page.waitForSelector('html[data-client-ready]', { state: 'attached' });
      serverLog.clear();
      await page
        .getByRole('banner')
        .getByRole('link', { name: navigation.logoLabel })
        .click({ timeout: scaled(15_000) });
      await page.waitForURL(siteUrl('/'));
      const unavailable = page.getByRole('alert').filter({ hasText: errors.unavailableTitle });
      await unavailable.waitFor({ timeout: scaled(15_000) });
      await expect(
        unavailable.getByRole('button', { name: errors.retryLabel }).isVisible(),
      ).resolves.toBe(true);
      await expect(page.getByRole('banner').isVisible()).resolves.toBe(true);
      await expect(page.getByText(footer.heading).isVisible()).resolves.toBe(true);
      // The page's field data reports the load that failed, by the remote's alias.
      const beacon = await pollUntil(scaled(15_000), async () =>
        serverLog
          .lines()
          .find(
            (line) =>
              line.message === 'Field data' &&
              Number((line.counts as { failedLoads?: number } | undefined)?.failedLoads) > 0,
          ),
      );
      expect(beacon).toMatchObject({ attribution: { failedRemote: 'remote-home' } });
    } finally {
      await browser.close();
    }
  }, 120_000);

  it('with no earlier render of /, a 503 with noindex in its header and its page', async () => {
    // A fresh render server has no last good render.
    await ctx.site.stop('shell');
    await ctx.site.start('shell');
    const answer = await pollUntil(scaled(10_000), async () => {
      const response = await fetch(siteUrl('/'));
      return response.status === 503 ? response : undefined;
    });
    expect(answer.headers.get('x-robots-tag')).toBe('noindex');
    expect(answer.headers.get('retry-after')).toBeTruthy();
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await answer.text()).toContain('<meta name="robots" content="noindex">');
    expect((await fetch(siteUrl('/about'))).status).toBe(200);
  }, 60_000);
});
