import path from 'node:path';
import { apps } from '../../platform/apps.cjs';
import { remoteDeadlineMs } from '../../platform/deadlines.cjs';
import { randomBytes } from 'node:crypto';
import { cohortKeyOf } from '../../platform/releases/cohort-cookie.cjs';
import {
  isLocalOrigin,
  isLoopbackHost,
  keyProblem,
  localPreviewSecret,
  previewKeyOf,
} from '../../platform/releases/preview-token.cjs';
import { viewTokenKeyOf } from '../../platform/field-data/view-token.cjs';

/** The render server's settings, read once from the environment and checked at start-up. */
export interface ServerConfig {
  readonly host: string;
  readonly port: number;
  /** The canonical origin of the site, for canonical URLs, link previews and the sitemap. */
  readonly siteOrigin: string;
  /** The shell's browser build: its static files, index.html and remotes.json. */
  readonly staticDir: string;
  /** Where remotes.json is read from: a file path or an http(s) URL. */
  readonly remotesJson: string;
  /** How often remotes.json and the remotes' manifests are checked for new versions. */
  readonly pollMs: number;
  /** How long a remote may take to answer before its part of a page is given up. */
  readonly deadlineMs: number;
  /** Cache-Control of a rendered page, for a CDN in front. */
  readonly pageCacheControl: string;
  /** Whether rendered pages are kept per set of remote versions (off: every request renders). */
  readonly pageCache: boolean;
  /** Development: violations of the page policy are reported to the console, not blocked. */
  readonly cspReportOnly: boolean;
  /** A local Auth emulator pages may reach (host:port), as the Firebase tools name it. */
  readonly authEmulatorHost: string | undefined;
  /**
   * Whether the server is for this machine only: HOST is a loopback address and SITE_ORIGIN, if
   * set, is one of this machine's origins (a loopback server behind a reverse proxy for a public
   * origin is not). Only then may it use the local stack's public development key, or run
   * without one.
   */
  readonly local: boolean;
  /**
   * The key preview links are checked with (derived from the secret handed over at start);
   * unset (on this machine only), links are refused. The secret itself is not kept.
   */
  readonly previewKey: Buffer | undefined;
  /** The secret handed over is the local stack's public development key. */
  readonly devKey: boolean;
  /** The key cohort cookies are signed with (derived from the same secret). */
  readonly cohortKey: Buffer;
  /** The key page views' tokens are signed with (derived from it too). */
  readonly viewTokenKey: Buffer;
  /**
   * How many previewed version sets may have a render worker at once: each holds about 85 MB
   * (a process; measured: docs/releases.md), so the default of 3 bounds previews under 300 MB.
   */
  readonly previewWorkers: number;
  /** A preview's worker asked for a page within this long is in use: never taken for another. */
  readonly previewActiveMs: number;
  /**
   * What a render worker's environment holds: only what tells Node how to behave (NODE_ENV,
   * TZ, LANG, PATH), never a key or credential: it runs remote teams' code.
   */
  readonly workerEnv: Readonly<Record<string, string>>;
  /** Log lines a person reads (LOG_FORMAT=pretty, or a terminal), else one JSON object each. */
  readonly prettyLog: boolean;

  /** A preview's worker is retired once unused this long. */
  readonly previewIdleMs: number;
}

/** The only settings a render worker is started with (see workerEnv). */
const workerEnvNames = ['NODE_ENV', 'TZ', 'LANG', 'PATH'] as const;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function number(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new ConfigError(`${name} must be a whole number of at least ${min} (it is "${raw}")`);
  }
  return value;
}

/**
 * The secret handed over at start, checked: a server for anyone but this machine refuses to
 * start without a real key (a missing one, the public development key, one under 32 bytes or
 * one that is guessable). It is never read from the environment: the processes the server
 * starts could read its environment (/proc/<pid>/environ). `checking` (a `--check` run) serves
 * nobody and needs none.
 */
function previewSecret(
  env: NodeJS.ProcessEnv,
  handed: string | undefined,
  local: boolean,
  checking: boolean,
) {
  if (checking) return undefined;
  if (env.PREVIEW_SECRET !== undefined)
    throw new ConfigError(
      "PREVIEW_SECRET must not be in the render server's environment, where the processes it starts could read it: hand it on stdin (server.js --keys-on-stdin)",
    );
  const value = handed || undefined;
  if (local && value === undefined) return value;
  const problem = keyProblem(value, local);
  if (problem)
    throw new ConfigError(
      `${problem}: a render server for others (HOST ${env.HOST ?? '0.0.0.0'}, SITE_ORIGIN ${env.SITE_ORIGIN ?? 'unset'}) needs 32+ random bytes, handed on stdin`,
    );
  return value;
}

/**
 * The key of cohort cookies, derived from the preview key so a deployment has one secret
 * (every instance derives the same). Without one (this machine only), a random key per process.
 */
const cohortKey = (secret: string | undefined): Buffer =>
  secret ? cohortKeyOf(secret) : randomBytes(32);

/** The key of page views' tokens: derived the same way, so any instance reads another's. */
const viewTokenKey = (secret: string | undefined): Buffer =>
  secret ? viewTokenKeyOf(secret) : randomBytes(32);

function origin(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`SITE_ORIGIN must be an absolute URL (it is "${raw}")`);
  }
  if (!/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash) {
    throw new ConfigError(`SITE_ORIGIN must be an http(s) origin such as https://firstday.studio`);
  }
  return url.origin;
}

/** The most a handed-over secret may be, and how long the server waits for it. */
const maxSecretBytes = 4096;
const handOverMs = 5000;

/**
 * The secret a launcher hands over on stdin (`server.js --keys-on-stdin`): its first line,
 * read to the end of the stream (at most 4 KB, within 5 s), after which stdin is closed, so no
 * process started later finds it open (/proc/<pid>/fd/0).
 */
export async function readHandedSecret(input: NodeJS.ReadableStream & { destroy(): void }) {
  const chunks: Buffer[] = [];
  let size = 0;
  const signal = AbortSignal.timeout(handOverMs);
  try {
    for await (const chunk of input) {
      if (signal.aborted) throw new ConfigError('no secret on stdin within 5 s');
      const bytes = Buffer.from(chunk as Buffer);
      size += bytes.length;
      if (size > maxSecretBytes) throw new ConfigError('the secret on stdin is over 4 KB');
      chunks.push(bytes);
    }
  } finally {
    input.destroy();
  }
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

/**
 * @param bundleDir the folder of the server bundle (the shell's build sits beside it, in dist)
 * @param checking a `server.js --check` run: it serves nobody, so it needs no keys
 * @param handed the secret handed over on stdin, if any: the keys are derived from it here and
 *   it is not kept
 */
export function readConfig(
  env: NodeJS.ProcessEnv,
  bundleDir: string,
  checking = false,
  handed?: string,
): ServerConfig {
  const staticDir = path.resolve(env.STATIC_DIR ?? path.join(bundleDir, '..', 'dist'));
  const host = env.HOST ?? '0.0.0.0';
  const siteOrigin = origin(env.SITE_ORIGIN ?? 'https://firstday.studio');
  const local =
    isLoopbackHost(host) && (env.SITE_ORIGIN === undefined || isLocalOrigin(siteOrigin));
  const secret = previewSecret(env, handed, local, checking);
  return {
    host,
    port: number(env, 'PORT', apps.shell.port, 0),
    siteOrigin,
    staticDir,
    remotesJson: env.REMOTES_JSON ?? path.join(staticDir, 'remotes.json'),
    pollMs: number(env, 'REMOTE_POLL_MS', 2000, 100),
    deadlineMs: number(env, 'REMOTE_DEADLINE_MS', remoteDeadlineMs, 50),
    pageCacheControl:
      env.PAGE_CACHE_CONTROL ?? 'public, max-age=0, s-maxage=10, stale-while-revalidate=60',
    pageCache: env.PAGE_CACHE !== 'off',
    cspReportOnly: env.CSP_REPORT_ONLY === '1',
    authEmulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST || undefined,
    local,
    previewKey: secret === undefined ? undefined : previewKeyOf(secret),
    devKey: secret === localPreviewSecret,
    cohortKey: cohortKey(secret),
    viewTokenKey: viewTokenKey(secret),
    workerEnv: Object.fromEntries(
      workerEnvNames.flatMap((name) => (env[name] === undefined ? [] : [[name, env[name]]])),
    ),
    prettyLog:
      env.LOG_FORMAT === 'pretty' || (env.LOG_FORMAT !== 'json' && process.stdout.isTTY === true),
    previewWorkers: number(env, 'PREVIEW_WORKERS', 3, 1),
    previewActiveMs: number(env, 'PREVIEW_ACTIVE_MS', 60_000, 1000),
    previewIdleMs: number(env, 'PREVIEW_IDLE_MS', 10 * 60_000, 1000),
  };
}
