import { clientBudget } from '../../../platform/field-data/client-budget.cjs';
import { canaryPolicyOf, type CanaryPolicy } from '../../../platform/releases/canary-judge.cjs';
import { isLoopbackHost } from '../../../platform/releases/preview-token.cjs';
import { ConfigError } from '../config';

/** How the render server takes field-data beacons and where their aggregates go. */
export interface FieldDataConfig {
  /** FIELD_DATA_PROJECT: the Firestore project of the aggregates; unset, only log lines are written. */
  readonly project: string | undefined;
  /** FIRESTORE_EMULATOR_HOST (host:port): set, the aggregates go to that emulator instead. */
  readonly emulatorHost: string | undefined;
  /** FIELD_DATA_FLUSH_MS: how often the sums are written, in one batch per flush. */
  readonly flushMs: number;
  /**
   * TRUSTED_PROXIES: how many proxies in front append an entry to X-Forwarded-For. The client
   * is the entry that many places from the right; with 0 the socket's address is used. The
   * entries further left are whatever the client wrote, so trusting them would let one client
   * pose as any number of others and slip past the rate limit. By default 2 on a server others
   * can reach (the deployment's Firebase Hosting and Google's front end of Cloud Run each append
   * one; with 0 there, every visitor would be that front end, one client), 0 on a loopback HOST.
   */
  readonly trustedProxies: number;
  /** FIELD_DATA_RATE_BURST: beacons one client may send at once (a few per page, several pages). */
  readonly rateBurst: number;
  /** FIELD_DATA_RATE_REFILL_MS: after a burst, one more beacon per this many ms. */
  readonly rateRefillMs: number;
  /** FIELD_DATA_CLIENT_VIEWS: views one client adds to one lane in an hour. */
  readonly clientViews: number;
  /**
   * FIELD_DATA_CLIENT_ERROR_VIEWS: views with an error (and, apart, with a failed load) one
   * client adds to one lane in an hour. Tests whose browsers all come from one address raise it.
   */
  readonly clientErrorViews: number;
  /**
   * LIVE_ALARM_POLICY: the canary judge's policy settings (JSON) the live alarm compares a
   * promoted set with the set before it by; the judge's defaults without it.
   */
  readonly liveAlarmPolicy: CanaryPolicy;
}

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (it is "${raw}")`);
  }
  return value;
}

/** Google Cloud project ids: 6 to 30 lowercase letters, digits and hyphens, from a letter. */
const projectIdPattern = /^[a-z][a-z0-9-]{4,28}[a-z0-9]$/;
/** A host name, IPv4 or bracketed IPv6 address, then a port. */
const hostPortPattern = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/;

function project(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.FIELD_DATA_PROJECT;
  if (raw === undefined || raw === '') return undefined;
  if (!projectIdPattern.test(raw)) {
    throw new ConfigError(
      `FIELD_DATA_PROJECT must be a Google Cloud project id such as firstday-prod (it is "${raw}")`,
    );
  }
  return raw;
}

function emulatorHost(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.FIRESTORE_EMULATOR_HOST;
  if (raw === undefined || raw === '') return undefined;
  const port = Number(hostPortPattern.exec(raw)?.[2] ?? 0);
  if (port < 1 || port > 65535) {
    throw new ConfigError(
      `FIRESTORE_EMULATOR_HOST must be host:port such as 127.0.0.1:8080 (it is "${raw}")`,
    );
  }
  return raw;
}

function liveAlarmPolicy(env: NodeJS.ProcessEnv): CanaryPolicy {
  const raw = env.LIVE_ALARM_POLICY;
  if (raw === undefined || raw === '') return canaryPolicyOf();
  let settings: unknown;
  try {
    settings = JSON.parse(raw);
  } catch {
    settings = undefined;
  }
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings))
    throw new ConfigError(`LIVE_ALARM_POLICY must be a JSON object (it is "${raw}")`);
  try {
    return canaryPolicyOf(settings as Record<string, unknown>);
  } catch (error) {
    throw new ConfigError(`LIVE_ALARM_POLICY: ${error instanceof Error ? error.message : error}`);
  }
}

/** Proxies in front of a render server others can reach: Firebase Hosting, then Cloud Run's. */
const deployedProxies = 2;

/** Reads and checks the field-data settings; throws a ConfigError naming the setting at fault. */
export function readFieldDataConfig(env: NodeJS.ProcessEnv): FieldDataConfig {
  const proxiesByDefault = isLoopbackHost(env.HOST ?? '0.0.0.0') ? 0 : deployedProxies;
  return {
    project: project(env),
    emulatorHost: emulatorHost(env),
    flushMs: whole(env, 'FIELD_DATA_FLUSH_MS', 5000, 100, 600_000),
    trustedProxies: whole(env, 'TRUSTED_PROXIES', proxiesByDefault, 0, 10),
    rateBurst: whole(env, 'FIELD_DATA_RATE_BURST', 20, 1, 10_000),
    rateRefillMs: whole(env, 'FIELD_DATA_RATE_REFILL_MS', 2000, 1, 3_600_000),
    clientViews: whole(env, 'FIELD_DATA_CLIENT_VIEWS', clientBudget.views, 1, 1_000_000),
    clientErrorViews: whole(
      env,
      'FIELD_DATA_CLIENT_ERROR_VIEWS',
      clientBudget.errorViews,
      1,
      1_000_000,
    ),
    liveAlarmPolicy: liveAlarmPolicy(env),
  };
}
