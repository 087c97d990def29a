import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import paths from '../../../tools/stack/paths.cjs';
import stack from '../../../tools/stack/stack.cjs';
import { buildRemoteVariant } from './remote-variant';
import { publishBuild } from './release-commands';
import { ports } from './site';

/** A release directory in which a remote's live release is published. */
export interface LiveRelease {
  readonly dir: string;
  readonly live: string;
  /** Where the directory's remotes.json points for a version of the remote. */
  readonly manifestOf: (version: string) => string;
}

/** A release directory with remote-home's live release and a candidate beside it. */
export interface CandidateReleases extends LiveRelease {
  readonly candidate: string;
}

/**
 * A new release directory (under `prefix`) with the workspace's build of `app` published in it
 * and made live, as its team would: remotes.json names that release, and the site serves the
 * directory's `app` folder where `app` lives.
 */
export async function releaseDirWithLive(
  app: 'remote-home' | 'remote-shared',
  prefix: string,
): Promise<LiveRelease> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const base = `http://localhost:${ports[app]}/`;
  fs.writeFileSync(path.join(dir, 'release.json'), JSON.stringify({ urls: { [app]: base } }));
  const env = { FIRSTDAY_RELEASER: `${app} team` };
  const live = await publishBuild(dir, path.join(paths.repoRoot, app), env);
  const manifestOf = (version: string) => `${base}${version}/mf-manifest.json`;
  fs.writeFileSync(
    path.join(dir, 'remotes.json'),
    JSON.stringify({ ...JSON.parse(stack.remotesJsonFor(ports)), [app]: manifestOf(live) }),
  );
  return { dir, live, manifestOf };
}

/**
 * Publishes the workspace's build of remote-home (made live) and a candidate built from a
 * changed copy of its sources (`change` edits the copy), as its team would: the site serves
 * the directory's remote-home folder where remote-home lives.
 */
export async function releasesWithCandidate(
  change: (sourceDir: string) => void,
  prefix: string,
): Promise<CandidateReleases> {
  const released = await releaseDirWithLive('remote-home', prefix);
  const candidate = await publishVariant(released.dir, change);
  return { ...released, candidate };
}

/** Builds remote-home from a changed copy of its sources and publishes it in `dir`. */
export async function publishVariant(
  dir: string,
  change: (sourceDir: string) => void,
): Promise<string> {
  const variant = await buildRemoteVariant('remote-home', change);
  return publishBuild(dir, path.join(path.dirname(path.dirname(variant)), 'remote-home'), {
    FIRSTDAY_RELEASER: 'remote-home team',
    FIRSTDAY_DIST: path.dirname(variant),
  });
}

/** A candidate whose intro headline is `marker`: visible at once, on the server's HTML. */
export const withHeadline = (marker: string) => (source: string) => {
  const file = path.join(source, 'src', 'intro', 'intro.tsx');
  const code = fs.readFileSync(file, 'utf8');
  fs.writeFileSync(file, code.replace('{intro.headline}', `{${JSON.stringify(marker)}}`));
};

/**
 * Publishes a copy of remote-home's release `version` as `copy`, as a publish of the same build
 * under another version would: its manifests and release info name the new version, and it was
 * published now.
 */
export function publishCopy(dir: string, version: string, copy: string): string {
  const from = path.join(dir, 'remote-home', version);
  const to = path.join(dir, 'remote-home', copy);
  fs.cpSync(from, to, { recursive: true });
  for (const file of ['mf-manifest.json', 'server/mf-manifest.json', 'release-info.json']) {
    const target = path.join(to, file);
    if (!fs.existsSync(target)) continue;
    fs.writeFileSync(target, fs.readFileSync(target, 'utf8').replaceAll(version, copy));
    // The precompressed copies beside it are served first: they must say the same.
    for (const packed of ['.br', '.gz']) fs.rmSync(`${target}${packed}`, { force: true });
  }
  const info = path.join(to, 'release-info.json');
  const published = { ...JSON.parse(fs.readFileSync(info, 'utf8')), publishedAt: new Date() };
  fs.writeFileSync(info, JSON.stringify(published));
  return copy;
}
