import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Lane } from '../../../platform/field-data/aggregates.cjs';
import { viewTokenPath } from '../../../platform/field-data/beacon.cjs';
import { issueViewToken } from '../../../platform/field-data/view-token.cjs';
import type { FieldData, SetInfo } from '../../../render-server/src/field-data';

/**
 * A render server's beacon intake on a plain HTTP server, storing into the tests' emulator:
 * flushes only when a test asks (the timer's interval is long), one trusted proxy in front
 * (each request names its client in X-Forwarded-For, so tests do not share a rate limit).
 * Beacons carry a page view's token signed with the intake's key, a new view each, as a page
 * would after asking GET /__vitals/view (which the harness answers too, to anyone).
 */
export const projectId = 'demo-field-data';
export const set = 'a1b2c3d4e5f6';
export const info: SetInfo = {
  lane: 'canary',
  canary: 'canary-7',
  releases: { 'remote-home': 'r12' },
};

/** The key the intake signs and reads page views' tokens with. */
export const viewTokenKey = randomBytes(32);
/** The lanes of the sets the intake started last knows. */
let lanes: Record<string, Lane> = { [set]: info.lane };

/** A token for a new view of `forSet`, as the intake would give it. */
export const viewToken = (forSet: string = set) =>
  issueViewToken(viewTokenKey, { set: forSet, lane: lanes[forSet] ?? 'canary' });

/** A beacon's body; `token` is a new view's unless the overrides say (undefined: none). */
export const beacon = (overrides: Record<string, unknown> = {}) => {
  const forSet = typeof overrides.set === 'string' ? overrides.set : set;
  return JSON.stringify({
    ...{ v: 1, set, route: '/', view: true, metrics: {}, errors: 0, failedLoads: 0 },
    ...{ tapsCaptured: 0, tapsReplayed: 0, attribution: {}, token: viewToken(forSet) },
    ...overrides,
  });
};

export interface Intake {
  readonly fieldData: FieldData;
  readonly port: number;
  /** Stops the server and the field data (a final flush). */
  close(): Promise<void>;
}

/**
 * `sets`: the version sets the intake knows (by default `set`, served as the canary); `env`:
 * settings over the harness's (TRUSTED_PROXIES: '0', say).
 */
export async function startIntake(
  sets: Record<string, SetInfo> = { [set]: info },
  env: Record<string, string> = {},
): Promise<Intake> {
  // The log module reads LOG_FORMAT when it loads: one JSON object a line for the tests to read.
  process.env.LOG_FORMAT = 'json';
  const { createFieldData, createFieldDataStore, readFieldDataConfig } =
    await import('../../../render-server/src/field-data');
  const settings = {
    FIELD_DATA_PROJECT: projectId,
    FIRESTORE_EMULATOR_HOST: process.env.FIRESTORE_EMULATOR_HOST,
    FIELD_DATA_FLUSH_MS: '600000',
    TRUSTED_PROXIES: '1',
    ...env,
  };
  lanes = Object.fromEntries(Object.entries(sets).map(([id, known]) => [id, known.lane]));
  const config = readFieldDataConfig(settings);
  const fieldData = createFieldData(config, {
    store: createFieldDataStore(config),
    setInfo: (id) => (Object.hasOwn(sets, id) ? sets[id] : undefined),
    tokens: { key: viewTokenKey, mayHold: () => true },
  });
  const server = http.createServer((req, res) =>
    (req.url ?? '').startsWith(viewTokenPath)
      ? fieldData.viewToken(req, res)
      : fieldData.handle(req, res),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    fieldData,
    port: (server.address() as AddressInfo).port,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await fieldData.stop();
    },
  };
}

/** Captures the log (stdout); returns a reader of its "Field data" lines, one per beacon. */
export function captureBeaconLines(): () => Array<Record<string, unknown>> {
  const logged: string[] = [];
  jest
    .spyOn(process.stdout, 'write')
    .mockImplementation((line) => (logged.push(String(line)), true));
  return () =>
    logged
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.message === 'Field data');
}
