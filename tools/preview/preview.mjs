// @ts-check
/**
 * `npm run preview -- remote-home@<version> [remote-contact@<version>…] --to <dir>
 * [--for 24h] [--site https://firstday.studio]`: prints a link that shows the composed site
 * with those published releases in place of the live ones, for whoever opens it, until it
 * expires. The link names the releases (never their URLs) and is signed with PREVIEW_SECRET
 * (the render server checks it with the same key). Only a link to this machine's own site may
 * be signed with the local stack's public key; any other site needs a real key of 32+ bytes.
 * `npm run preview -- --new-key` prints a new random key, good for PREVIEW_SECRET.
 */
import { apps, host } from '../../platform/apps.cjs';
import {
  isLocalOrigin,
  keyProblem,
  localPreviewSecret,
  maxPreviewSeconds,
  newKey,
  signPreview,
} from '../../platform/releases/preview-token.cjs';
import { previewPaths } from '../../platform/releases/preview-paths.cjs';
import args from '../cli/args.cjs';
import env from '../cli/env.cjs';
import options from '../release/options.cjs';
import releaseDir from '../release/release-dir.cjs';

const usage = `Usage: npm run preview -- <remote>@<version> [more…] --to <dir> [--for 24h] [--site URL]
       npm run preview -- --new-key   (prints a new random key for PREVIEW_SECRET)
  --for   how long the link works: 30m, 24h, 7d (default 24h, at most 7d)
  --site  the site the link opens (default SITE_ORIGIN, else the local stack)`;

/** @param {string} text */
function secondsOf(text) {
  const match = /^(\d+)([mhd])$/.exec(text);
  if (!match) throw new releaseDir.ReleaseError(`--for must look like 30m, 24h or 7d\n\n${usage}`);
  /** @type {Record<string, number>} */
  const unit = { m: 60, h: 3600, d: 86_400 };
  const seconds = Number(match[1]) * (unit[match[2] ?? 'h'] ?? 3600);
  if (seconds < 60 || seconds > maxPreviewSeconds)
    throw new releaseDir.ReleaseError('A preview link works from 1 minute to 7 days');
  return seconds;
}

try {
  const { values, positionals } = args.parseArgsOrUsage(
    {
      args: process.argv.slice(2),
      options: {
        to: { type: 'string' },
        for: { type: 'string' },
        site: { type: 'string' },
        'new-key': { type: 'boolean' },
      },
      allowPositionals: true,
      strict: true,
    },
    usage,
  );
  if (values['new-key']) {
    console.log(newKey());
    process.exit(0);
  }
  const dir = options.releaseDirOf({ '--to': args.stringOf(values, 'to') ?? '' });
  if (positionals.length === 0)
    throw new releaseDir.ReleaseError(`Say what to preview: <remote>@<version>\n\n${usage}`);
  /** @type {Record<string, string>} */
  const releases = {};
  for (const spec of positionals) {
    const at = spec.indexOf('@');
    const app = spec.slice(0, at);
    const version = spec.slice(at + 1);
    if (at < 1 || !releaseDir.isRemote(app))
      throw new releaseDir.ReleaseError(`"${spec}" is not <remote>@<version>`);
    const known = releaseDir.releasesOf(dir, app).map((release) => release.version);
    if (!known.includes(version))
      throw new releaseDir.ReleaseError(
        `${app}@${version} is not published in ${dir}${known.length ? ` (published: ${known.join(', ')})` : ''}`,
      );
    releases[app] = version;
  }
  const site =
    args.stringOf(values, 'site') ?? env.text('SITE_ORIGIN') ?? `http://${host}:${apps.shell.port}`;
  if (!/^https?:\/\//.test(site))
    throw new releaseDir.ReleaseError(`--site must be an http(s) URL\n\n${usage}`);
  const local = isLocalOrigin(site);
  const secret = env.text('PREVIEW_SECRET') ?? (local ? localPreviewSecret : undefined);
  const problem = keyProblem(secret, local);
  if (problem || !secret)
    throw new releaseDir.ReleaseError(
      `${problem}: a link to ${new URL(site).origin} needs the key its render server checks (32+ random bytes).`,
    );
  const seconds = secondsOf(args.stringOf(values, 'for') ?? '24h');
  const token = signPreview(secret, { releases, audience: site }, seconds);
  const link = new URL(`${previewPaths.prefix}${token}`, site).href;
  console.log(
    `Preview of ${Object.entries(releases)
      .map(([app, version]) => `${app}@${version}`)
      .join(', ')}, until ${new Date(Date.now() + seconds * 1000).toISOString()}:`,
  );
  console.log(link);
} catch (error) {
  const code = error instanceof Error && 'exitCode' in error ? Number(error.exitCode) : 1;
  console.error(error instanceof Error ? error.message : error);
  process.exit(code);
}
