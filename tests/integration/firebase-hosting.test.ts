import fs from 'node:fs';
import path from 'node:path';
import paths from '../../tools/stack/paths.cjs';
import security from '../../platform/security/security-policy.cjs';
import { cacheControlFor } from '../../tools/stack/static-server.cjs';

interface HeaderRule {
  source?: string;
  regex?: string;
  headers: { key: string; value: string }[];
}
interface HostingTarget {
  target: string;
  public: string;
  ignore: string[];
  headers: HeaderRule[];
  rewrites?: { source: string; run?: { serviceId: string } }[];
}

const config = JSON.parse(fs.readFileSync(path.join(paths.repoRoot, 'firebase.json'), 'utf8')) as {
  firestore: unknown;
  emulators: unknown;
  functions: unknown;
  hosting: HostingTarget[];
};
const target = (name: string) => config.hosting.find((hosting) => hosting.target === name)!;

/** The headers Firebase Hosting would send for `file` of `hosting` (later rules win). */
function headersFor(hosting: HostingTarget, file: string): Record<string, string> {
  const matches = (rule: HeaderRule) =>
    rule.regex
      ? new RegExp(rule.regex).test(file)
      : rule.source === '**' ||
        (rule.source?.startsWith('**/@(')
          ? rule.source.slice(5, -1).split('|').includes(path.basename(file))
          : rule.source?.startsWith('/@(') &&
            rule.source.slice(3, -1).split('|').includes(file.slice(1)));
  return Object.fromEntries(
    hosting.headers.filter(matches).flatMap((rule) => rule.headers.map((h) => [h.key, h.value])),
  );
}

describe('firebase.json: Firebase Hosting for the static parts', () => {
  it('keeps the Firestore rules, the emulators and the functions', () => {
    expect(config.firestore).toEqual({ rules: 'firestore.rules' });
    expect(config.emulators).toMatchObject({ auth: { port: 9099 }, ui: { enabled: false } });
    expect(config.functions).toMatchObject({ source: 'functions' });
  });

  it('has a target per app; each remote serves its release folder, never a hidden one', () => {
    expect(config.hosting.map((hosting) => hosting.target).sort()).toEqual(
      ['remote-contact', 'remote-home', 'remote-shared', 'shell'].sort(),
    );
    for (const app of ['remote-home', 'remote-contact', 'remote-shared']) {
      expect(target(app).public).toBe(`releases/${app}`);
      expect(target(app).ignore).toEqual(expect.arrayContaining(['**/.*', '**/.*/**']));
    }
  });

  it("sends the site's security headers and today's caching on a remote's files", () => {
    const home = target('remote-home');
    const version = '1.0.0+abc1234';
    for (const file of [
      `/${version}/mf-manifest.json`,
      `/${version}/remoteEntry.8b5d0c9d.js`,
      `/${version}/server/mf-manifest.json`,
    ]) {
      const headers = headersFor(home, file);
      expect(headers).toMatchObject({
        ...security.commonHeaders,
        'Strict-Transport-Security': security.strictTransportSecurity,
        'Access-Control-Allow-Origin': '*',
        'Cache-Control': cacheControlFor(file),
      });
    }
  });

  it("rewrites the shell's pages to the render server and serves its live remotes.json uncached", () => {
    const shell = target('shell');
    expect(shell.rewrites).toEqual([
      expect.objectContaining({
        source: '**',
        run: expect.objectContaining({ serviceId: expect.any(String) }),
      }),
    ]);
    expect(headersFor(shell, '/remotes.json')).toMatchObject({
      ...security.commonHeaders,
      'Cache-Control': 'no-cache',
    });
  });
});
