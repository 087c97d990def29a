import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A release directory with published releases (their info files only: the canary and the
 * pointer need no builds) and a live set, served from a base URL nobody answers at.
 */
function releaseDirWith(
  published: Record<string, string[]>,
  live: Record<string, string>,
  baseUrl = 'http://127.0.0.1:9/',
): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'firstday-canary-'));
  fs.writeFileSync(path.join(dir, 'release.json'), JSON.stringify({ baseUrl }));
  let second = 0;
  for (const [app, versions] of Object.entries(published))
    for (const version of versions) {
      fs.mkdirSync(path.join(dir, app, version), { recursive: true });
      second += 1;
      const publishedAt = new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();
      fs.writeFileSync(
        path.join(dir, app, version, 'release-info.json'),
        JSON.stringify({ app, version, publishedAt }),
      );
    }
  const remotes = Object.fromEntries(
    Object.entries(live).map(([app, version]) => [
      app,
      `${baseUrl}${app}/${version}/mf-manifest.json`,
    ]),
  );
  fs.writeFileSync(path.join(dir, 'remotes.json'), JSON.stringify(remotes, null, 2));
  return dir;
}

export const readJson = (dir: string, file: string): unknown =>
  JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));

/** Three remotes with two releases each, the first of each live. */
export const standardDir = (baseUrl?: string) =>
  releaseDirWith(
    {
      'remote-home': ['1.0.0', '2.0.0'],
      'remote-contact': ['1.0.0', '2.0.0'],
      'remote-shared': ['1.0.0', '2.0.0'],
    },
    { 'remote-home': '1.0.0', 'remote-contact': '1.0.0', 'remote-shared': '1.0.0' },
    baseUrl,
  );
