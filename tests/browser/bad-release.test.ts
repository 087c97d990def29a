import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { aboutPage } from 'remote-shared/about-content';
import { hero } from 'remote-shared/content';
import paths from '../../tools/stack/paths.cjs';
import stack from '../../tools/stack/stack.cjs';
import { buildRemoteVariant } from '../support/browser/remote-variant';
import { publishBuild, releaseCommand } from '../support/browser/release-commands';
import { ports, setUpSite, siteUrl } from '../support/browser/site';
import { pollUntil } from '../support/browser/poll-until';
import { watchServerLog } from '../support/browser/server-log';
import { scaled } from '../support/time-factor';

/**
 * A bad release of remote-home, as its team might ship one: its Home page throws. `promote`
 * refuses it; forced live, the site serves Home's last good render (never cached), or an
 * honest 503 when it has none, logs the failure once, and a rollback restores Home. Every step
 * is in the release directory's record.
 */
/** The release commands, as the remote-home team runs them. */
const command = (
  name: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
) =>
  releaseCommand(name, args, {
    ...options,
    env: { FIRSTDAY_RELEASER: 'remote-home team', ...options.env },
  });

let dir: string;
let good: string;
let bad: string;
const homeApp = path.join(paths.repoRoot, 'remote-home');
const failure = 'A broken release of the home page';

const publish = (appDir: string, env: Record<string, string> = {}) =>
  publishBuild(dir, appDir, { FIRSTDAY_RELEASER: 'remote-home team', ...env });
// The browser walk is not what this file tests (release-refusals and its good release do):
// skipped, so promotions here cost seconds, not a Chromium walk each.
const promote = (...args: string[]) =>
  command('promote.mjs', [...args, '--to', dir, '--skip-browser']);

/** Everything the render server has logged (its lines reach this process, prefixed). */
const serverLog = watchServerLog();
const structured = serverLog.lines;

const page = async (pathname: string) => {
  const response = await fetch(siteUrl(pathname));
  return { response, html: await response.text() };
};

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'firstday-bad-release-'));
  fs.writeFileSync(
    path.join(dir, 'release.json'),
    JSON.stringify({ urls: { 'remote-home': `http://localhost:${ports['remote-home']}/` } }),
  );
  fs.writeFileSync(path.join(dir, 'remotes.json'), stack.remotesJsonFor(ports));
  good = await publish(homeApp);
  const variant = await buildRemoteVariant('remote-home', (source) => {
    const file = path.join(source, 'src', 'home', 'home-page.tsx');
    const code = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(
      file,
      code.replace(
        'export function HomePage() {',
        `export function HomePage() {\n  if (Date.now() > 0) throw new Error(${JSON.stringify(failure)});`,
      ),
    );
  });
  bad = await publish(path.join(path.dirname(path.dirname(variant)), 'remote-home'), {
    FIRSTDAY_DIST: path.dirname(variant),
  });
}, 240_000);

const ctx = setUpSite(() =>
  stack.serveSite({
    ports,
    dirs: { 'remote-home': path.join(dir, 'remote-home') },
    remotesJson: path.join(dir, 'remotes.json'),
    renderEnv: { REMOTE_POLL_MS: '500', LOG_FORMAT: 'json' },
  }),
);

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a bad release of remote-home', () => {
  it('promotes the good release after its checks', async () => {
    const result = await promote(`remote-home@${good}`);
    expect(result).toMatchObject({ code: 0 });
    expect(result.out).toContain('every route rendered with it');
    await pollUntil(scaled(10_000), async () =>
      (await page('/')).html.includes(hero.headline) ? true : undefined,
    );
  }, 120_000);

  it('refuses the release whose Home page throws, and leaves the live pointer alone', async () => {
    const pointer = fs.readFileSync(path.join(dir, 'remotes.json'), 'utf8');
    const result = await promote(`remote-home@${bad}`);
    expect(result.code).not.toBe(0);
    expect(result.out).toContain('Not promoted');
    expect(result.out).toContain(`/ threw while rendering: ${failure}`);
    expect(fs.readFileSync(path.join(dir, 'remotes.json'), 'utf8')).toBe(pointer);
  }, 120_000);

  it('forced live: / is its last good render (never cached), /about untouched, one log line for the failure', async () => {
    const result = await promote(`remote-home@${bad}`, '--force', '--reason', 'trying the fix');
    expect(result).toMatchObject({ code: 0 });
    expect(result.out).toContain('Forced (--force): not checked');
    await pollUntil(scaled(10_000), async () =>
      structured().some(
        (line) =>
          line.message === 'Serving a new version set' &&
          (line.releases as Record<string, string>)['remote-home'] === bad,
      )
        ? true
        : undefined,
    );
    for (let i = 0; i < 10; i++) {
      const home = await page('/');
      expect(home.response.status).toBe(200);
      expect(home.html).toContain(hero.headline);
      expect(home.response.headers.get('cache-control')).toBe('no-store');
    }
    const about = await page('/about');
    expect(about.response.status).toBe(200);
    expect(about.html).toContain(aboutPage.heading);
    expect(about.response.headers.get('cache-control')).toMatch(/s-maxage/);

    const failures = structured().filter(
      (line) =>
        line.severity === 'ERROR' && line.route === '/' && String(line.versionSet).length > 0,
    );
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({
      message: expect.stringContaining('threw while rendering'),
      releases: expect.objectContaining({ 'remote-home': bad }),
      error: expect.objectContaining({ message: failure }),
      time: expect.any(String),
    });
  }, 120_000);

  it('with no earlier render of /, a 503 with Retry-After and noindex', async () => {
    // A fresh render server has no last good render.
    await ctx.site.stop('shell');
    await ctx.site.start('shell');
    const home = await pollUntil(scaled(10_000), async () => {
      const answer = await page('/');
      return answer.response.status === 503 ? answer : undefined;
    });
    expect(home.response.headers.get('retry-after')).toBeTruthy();
    expect(home.response.headers.get('cache-control')).toBe('no-store');
    expect(home.html).toContain('<meta name="robots" content="noindex">');
    expect((await page('/about')).response.status).toBe(200);
  }, 60_000);

  it('a rollback restores / within 10 s; the bad release, marked bad, is refused even with checks aside', async () => {
    const rollback = await promote(`remote-home@${good}`);
    expect(rollback).toMatchObject({ code: 0 });
    expect(rollback.out).toContain('(rollback)');
    await pollUntil(scaled(10_000), async () => {
      const home = await page('/');
      return home.response.status === 200 &&
        home.response.headers.get('cache-control') !== 'no-store'
        ? true
        : undefined;
    });

    const mark = await command('releases.mjs', [
      '--to',
      dir,
      '--mark-bad',
      `remote-home@${bad}`,
      '--reason',
      'Home throws on render',
    ]);
    expect(mark).toMatchObject({ code: 0 });
    const again = await promote(`remote-home@${bad}`);
    expect(again.code).not.toBe(0);
    expect(again.out).toContain('is marked bad (Home throws on render)');

    const listed = (await command('releases.mjs', ['--to', dir])).out;
    expect(listed).toMatch(new RegExp(`\\* ${good.replace(/[+.]/g, '\\$&')}\\s.*live`));
    expect(listed).toContain('BAD: Home throws on render');
    for (const action of ['publish', 'promote', 'rollback', 'mark-bad'])
      expect(listed).toContain(` ${action}`);
    expect(listed).toContain('FORCED: trying the fix');
    // What the closing note quotes.
    console.log(`npm run releases after the bad release:\n${listed}`);
  }, 120_000);

  it('refuses a candidate whose manifest is not served where visitors load it', async () => {
    const config = path.join(dir, 'release.json');
    const before = fs.readFileSync(config, 'utf8');
    // remote-home's releases "uploaded" to a host that does not serve them.
    fs.writeFileSync(config, JSON.stringify({ urls: { 'remote-home': 'http://localhost:9/' } }));
    try {
      const result = await promote(`remote-home@${good}`);
      expect(result.code).not.toBe(0);
      expect(result.out).toMatch(/not served: http:\/\/localhost:9\/.*mf-manifest\.json/);
    } finally {
      fs.writeFileSync(config, before);
    }
  }, 60_000);

  it('refuses to publish a version that exists before building', async () => {
    const result = await command('release.mjs', ['--to', dir], { cwd: homeApp });
    expect(result.code).not.toBe(0);
    expect(result.out).toContain('already published');
    expect(result.out).not.toContain('Building');
    // Reported, not asserted: a timing says nothing on a busy machine.
    console.log(`A republish was refused in ${result.ms} ms.`);
  });
});
