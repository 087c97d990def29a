import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hero } from 'remote-shared/content';
import paths from '../../tools/stack/paths.cjs';
import stack from '../../tools/stack/stack.cjs';
import { buildRemoteVariant } from '../support/browser/remote-variant';
import { publishBuild, releaseCommand } from '../support/browser/release-commands';
import { openPage, ports, setUpSiteAndBrowser, siteUrl, visit } from '../support/browser/site';
import { scaled } from '../support/time-factor';

const script = (name: string) => path.join(paths.repoRoot, 'tools', 'release', name);

const command = releaseCommand;
const publish = (appDir: string, env: Record<string, string> = {}) =>
  publishBuild(dir, appDir, env);

// The browser walk is not what this file tests (release-refusals and its good release do):
// skipped, so promotions here cost seconds, not a Chromium walk each.
const promote = (...specs: string[]) =>
  command('promote.mjs', [...specs, '--to', dir, '--skip-browser']);
const listed = async () => (await command('releases.mjs', ['--to', dir])).out;

const marker = 'Version two of First Day Studio.';
const decode = (html: string) => html.replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&');

async function serverHtmlWithin(ms: number, wanted: (html: string) => boolean): Promise<string> {
  const started = Date.now();
  let html = '';
  do {
    html = decode(await (await fetch(siteUrl('/'))).text());
    if (wanted(html)) return html;
    await new Promise((resolve) => setTimeout(resolve, 250));
  } while (Date.now() - started < ms);
  return html;
}

/** The shell's files as built: a rebuild would change them. */
function shellFingerprint(): string {
  const list = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((entry) =>
        entry.isDirectory()
          ? list(path.join(dir, entry.name))
          : [`${path.join(dir, entry.name)} ${fs.statSync(path.join(dir, entry.name)).mtimeMs}`],
      );
  return [...list(paths.distOf('shell')), ...list(paths.serverDistOf('shell'))].join('\n');
}

let dir: string;
let v1: string;
let variantApp: string;
let variantDist: string;
let shellBefore: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'firstday-releases-'));
  // The release directory's remote-home folder is served where remote-home lives.
  fs.writeFileSync(
    path.join(dir, 'release.json'),
    JSON.stringify({ urls: { 'remote-home': `http://localhost:${ports['remote-home']}/` } }),
  );
  fs.writeFileSync(path.join(dir, 'remotes.json'), stack.remotesJsonFor(ports));
  v1 = await publish(path.join(paths.repoRoot, 'remote-home'));
  shellBefore = shellFingerprint();
}, 180_000);

// The site serves remote-home from the release directory the hook above made.
const ctx = setUpSiteAndBrowser(() => ({
  dirs: { 'remote-home': path.join(dir, 'remote-home') },
  remotesJson: path.join(dir, 'remotes.json'),
  renderEnv: { REMOTE_POLL_MS: '500' },
}));

beforeAll(async () => {
  // Once the site serves the release directory: promote checks what visitors would load.
  expect((await promote(`remote-home@${v1}`)).code).toBe(0);
  // The next release of remote-home, as its team would build it: a new headline.
  const variant = await buildRemoteVariant('remote-home', (source) => {
    const file = path.join(source, 'src', 'intro', 'intro.tsx');
    const code = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, code.replace('{intro.headline}', `{${JSON.stringify(marker)}}`));
  });
  variantDist = path.dirname(variant);
  variantApp = path.join(path.dirname(variantDist), 'remote-home');
}, 180_000);

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('releases of remote-home', () => {
  it('stamps the version into both manifests, lists it as live, and never publishes it twice', async () => {
    expect(v1).toMatch(/^1\.0\.0\+[0-9a-f]{7}(\.dirty-[0-9a-f]{10})?$/);
    for (const manifest of ['mf-manifest.json', 'server/mf-manifest.json']) {
      const json = JSON.parse(fs.readFileSync(path.join(dir, 'remote-home', v1, manifest), 'utf8'));
      expect(json.metaData.buildInfo.buildVersion).toBe(v1);
    }
    expect(fs.existsSync(path.join(dir, 'remote-home', v1, '@mf-types.zip'))).toBe(true);
    expect(await listed()).toMatch(new RegExp(`\\* ${v1.replace(/[+.]/g, '\\$&')}\\s.*live`));
    const again = await command('release.mjs', ['--to', dir, '--no-build'], {
      cwd: path.join(paths.repoRoot, 'remote-home'),
    });
    expect(again.code).not.toBe(0);
    expect(again.out).toContain('already published');
  });

  it('a publish killed mid-copy leaves the live release serving and no version listed', async () => {
    const before = fs.readdirSync(path.join(dir, 'remote-home'));
    const child = spawn(process.execPath, [script('release.mjs'), '--to', dir, '--no-build'], {
      cwd: variantApp,
      env: { ...process.env, FIRSTDAY_DIST: variantDist, FIRSTDAY_RELEASE_COPY_PAUSE_MS: '100' },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // Killed once it has copied a few files into its hidden folder.
    const appDir = path.join(dir, 'remote-home');
    const started = Date.now();
    for (;;) {
      const incoming = fs.readdirSync(appDir).find((name) => name.startsWith('.incoming-'));
      if (incoming && fs.readdirSync(path.join(appDir, incoming)).length >= 3) break;
      if (Date.now() - started > scaled(20_000))
        throw new Error('the publish never started copying');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    child.kill('SIGKILL');
    await exited;
    const visible = fs.readdirSync(appDir).filter((name) => !name.startsWith('.'));
    expect(visible).toEqual(before.filter((name) => !name.startsWith('.')));
    expect((await listed()).match(/^\s+[* ] \S+/gm)).toHaveLength(1);
    expect(await serverHtmlWithin(0, () => true)).toContain(hero.headline);
  });

  it('promote v2: the site shows it within 10 s; promote v1: back within 10 s; the shell was never rebuilt', async () => {
    const v2 = await publish(variantApp, { FIRSTDAY_DIST: variantDist });
    expect(v2).not.toBe(v1);
    expect(await listed()).toContain(v2);

    const { page, errors } = await openPage(ctx.browser);
    const problems: string[] = [];
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));

    expect((await promote(`remote-home@${v2}`)).code).toBe(0);
    expect(await serverHtmlWithin(10_000, (html) => html.includes(marker))).toContain(marker);
    await visit(page, '/');
    await page.getByText(marker).waitFor({ timeout: scaled(10_000) });
    expect(await listed()).toMatch(new RegExp(`\\* ${v2.replace(/[+.]/g, '\\$&')}\\s.*live`));

    // The rollback is the same step, to the version that was live before.
    expect((await promote(`remote-home@${v1}`)).code).toBe(0);
    const back = await serverHtmlWithin(10_000, (html) => !html.includes(marker));
    expect(back).not.toContain(marker);
    await visit(page, '/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByText(marker).count()).toBe(0);
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();

    expect(shellFingerprint()).toBe(shellBefore);
  }, 120_000);

  it('promote refuses a version that was never published', async () => {
    const result = await promote('remote-home@9.9.9+0000000');
    expect(result.code).not.toBe(0);
    expect(result.out).toContain('is not published');
  });
});

describe('types for teams in other repositories', () => {
  // A release directory that is never served: the type check reads the published files.
  let typesDir: string;
  const appDir = (app: string) => path.join(paths.repoRoot, app);
  const typecheck = () => command('releases-typecheck.mjs', ['--from', typesDir]);

  beforeAll(() => {
    typesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'firstday-release-types-'));
  });
  afterAll(() => fs.rmSync(typesDir, { recursive: true, force: true }));

  it("the shell type-checks against the live releases' published types, and fails once a remote changes a prop it uses", async () => {
    const versions: string[] = [];
    for (const app of ['remote-home', 'remote-contact', 'remote-shared']) {
      const { code, out } = await command('release.mjs', ['--to', typesDir, '--no-build'], {
        cwd: appDir(app),
      });
      expect({ code, out }).toMatchObject({ code: 0 });
      versions.push(`${app}@${/Published [\w-]+@(\S+) in/.exec(out)?.[1]}`);
    }
    // Never served, so promote's checks could not pass: forced, which skips them.
    const base = ['--base-url', 'https://releases.firstday.example/', '--force'];
    const forced = await command('promote.mjs', [...versions, '--to', typesDir, ...base]);
    expect(forced).toMatchObject({ code: 0 });
    expect(forced.out).toContain('Forced (--force): not checked');
    const passing = await typecheck();
    expect(passing).toMatchObject({ code: 0 });
    expect(passing.out).toContain('type-checks against the live releases');

    // remote-shared's next release makes a prop of its exposed Logo required; the shell's
    // navigation draws <Logo /> without it.
    const variant = await buildRemoteVariant('remote-shared', (source) => {
      const file = path.join(source, 'src', 'ui', 'logo', 'logo.tsx');
      const code = fs.readFileSync(file, 'utf8');
      fs.writeFileSync(file, code.replace('withWordmark?: boolean;', 'withWordmark: boolean;'));
    });
    const { code, out } = await command('release.mjs', ['--to', typesDir, '--no-build'], {
      cwd: path.join(path.dirname(path.dirname(variant)), 'remote-shared'),
      env: { FIRSTDAY_DIST: path.dirname(variant) },
    });
    expect({ code, out }).toMatchObject({ code: 0 });
    const next = /Published [\w-]+@(\S+) in/.exec(out)?.[1] ?? '';
    expect(
      (await command('promote.mjs', [`remote-shared@${next}`, '--to', typesDir, '--force'])).code,
    ).toBe(0);
    const failing = await typecheck();
    expect(failing.code).not.toBe(0);
    expect(failing.out).toMatch(/navigation\.tsx.*withWordmark/s);
  }, 240_000);
});
