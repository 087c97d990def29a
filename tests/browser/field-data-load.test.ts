import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beaconPath, maxBeaconBytes } from '../../platform/field-data/beacon.cjs';
import { aggregatesCollection, refusalsCollection } from '../../platform/field-data/aggregates.cjs';
import paths from '../../tools/stack/paths.cjs';
import { storedDocuments, sumOf } from '../support/emulators/stored-documents';
import { clientBudget } from '../../platform/field-data/client-budget.cjs';
import { issueViewToken, viewTokenKeyOf } from '../../platform/field-data/view-token.cjs';
import { localPreviewSecret } from '../../platform/releases/preview-token.cjs';
import { scaled } from '../support/time-factor';
import { expectedSums, storedSums, type Sent } from '../support/field-data/beacon-sums';
import { emulator, setUpSite, siteUrl, startSite } from '../support/browser/site';

/**
 * 10,000 valid and 1,000 hostile beacons (oversized, wrong types, an unknown version set, a
 * flood from one client) against the running render server while visitors load /: every page
 * answers, every hostile beacon is refused and counted, and the stored aggregates add up to
 * exactly the beacons accepted. The latencies of / with and without the beacons are figures,
 * not assertions: with FIELD_DATA_REPORT=<file> they are written there (reports/field-data.md).
 */
const burst = 20;
/** Beacons in flight at once, and per second: a steady stream, as one render instance meets it. */
const validAtOnce = 4;
const beaconsPerSecond = 500;

/** Waits until `ms` after `since`: paces the stream. */
const at = (since: number, ms: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, since + ms - performance.now())));
setUpSite(() =>
  startSite({
    renderEnv: {
      // Simulated clients are told apart by the proxy's X-Forwarded-For, as on Cloud Run.
      TRUSTED_PROXIES: '1',
      FIELD_DATA_RATE_BURST: String(burst),
      // No refill while the test runs: however long the flood takes on a busy machine, exactly
      // its burst is accepted (a 2 s refill let one more through when it took over 2 s).
      FIELD_DATA_RATE_REFILL_MS: '600000',
      FIELD_DATA_FLUSH_MS: '500',
      LOG_FORMAT: 'json',
    },
  }),
);

/** Runs `tasks` with at most `width` at once; resolves with their results in order. */
async function pool<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await (tasks[index] as () => Promise<T>)();
      }
    }),
  );
  return results;
}

const post = (body: string, client: string, type = 'text/plain') =>
  fetch(siteUrl(beaconPath), {
    method: 'POST',
    body,
    headers: { 'Content-Type': type, 'X-Forwarded-For': client },
  }).then(async (answer) => {
    await answer.arrayBuffer();
    return answer.status;
  });

/** Time between two visitors' loads of /: the same pace with and without beacons. */
const pageEveryMs = 50;

/** Latencies of `count` loads of /, one every pageEveryMs: each must answer 200. */
async function pageLatencies(count: number): Promise<number[]> {
  const since = performance.now();
  return pool(
    Array.from({ length: count }, (_, i) => async () => {
      await at(since, i * pageEveryMs);
      const started = performance.now();
      const answer = await fetch(siteUrl('/'), { headers: { 'Accept-Encoding': 'br' } });
      await answer.arrayBuffer();
      expect(answer.status).toBe(200);
      return performance.now() - started;
    }),
    8,
  );
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
};

const forSet = async (set: string) =>
  (await storedDocuments(emulator.projectId, aggregatesCollection)).filter(
    (doc) => doc.fields.set === set,
  );

it('takes 10,000 valid and 1,000 hostile beacons while / keeps answering; the aggregates add up', async () => {
  const html = await (await fetch(siteUrl('/'))).text();
  const set = /"field":\{"set":"([0-9a-f]{12})"/.exec(html)?.[1] ?? '';
  expect(set).toMatch(/^[0-9a-f]{12}$/);
  const before = storedSums(await forSet(set));
  const refusedBefore = await storedDocuments(emulator.projectId, refusalsCollection);

  const quiet = await pageLatencies(400);

  // Valid beacons from 2,500 clients, 4 each (under the per-client burst).
  const routes = ['/', '/about', '/contact'];
  const valid: Sent[] = Array.from({ length: 10_000 }, (_, i) => ({
    route: routes[i % routes.length] ?? '/',
    view: i % 4 === 0,
    metrics: { LCP: 300 + ((i * 37) % 4000), INP: 16 + ((i * 13) % 600), CLS: (i % 50) / 200 },
    errors: i % 97 === 0 ? 1 : 0,
    failedLoads: i % 211 === 0 ? 1 : 0,
    tapsCaptured: i % 9 === 0 ? 1 : 0,
    tapsReplayed: i % 9 === 0 ? 1 : 0,
  }));
  // Each beacon a view's own token, signed as the server signs them (the stack's development key).
  const tokenKey = viewTokenKeyOf(localPreviewSecret);
  const body = (sent: Sent, overrides: Record<string, unknown> = {}) =>
    JSON.stringify({
      v: 1,
      set,
      route: sent.route,
      view: sent.view ?? true,
      metrics: sent.metrics,
      errors: sent.errors ?? 0,
      failedLoads: sent.failedLoads ?? 0,
      tapsCaptured: sent.tapsCaptured ?? 0,
      tapsReplayed: sent.tapsReplayed ?? 0,
      attribution: {},
      token: issueViewToken(tokenKey, { set, lane: 'live' }),
      ...overrides,
    });
  const one = valid[0] as Sent;
  const hostile: { kind: string; send: () => Promise<number> }[] = [
    ...Array.from({ length: 250 }, (_, i) => ({
      kind: 'oversized',
      send: () =>
        post(
          body(one, { attribution: { error: 'x'.repeat(maxBeaconBytes) } }),
          `10.9.0.${i % 250}`,
        ),
    })),
    ...Array.from({ length: 250 }, (_, i) => ({
      kind: 'wrong types',
      send: () => post(body(one, { errors: 'many', view: 'yes' }), `10.9.1.${i % 250}`),
    })),
    ...Array.from({ length: 250 }, (_, i) => ({
      kind: 'unknown set',
      send: () => post(body(one, { set: 'ffffffffffff' }), `10.9.2.${i % 250}`),
    })),
    // A flood from one client: its first `burst` are within its rate, the rest are not.
    ...Array.from({ length: 250 }, () => ({
      kind: 'flood',
      send: () => post(body(one), '10.9.3.1'),
    })),
  ];
  const started = performance.now();
  // The client of beacon i: four beacons each, so none is over its rate.
  const clientOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${(i >> 2) & 255}`;
  const [statuses, hostileStatuses, busy] = await Promise.all([
    pool(
      valid.map((sent, i) => async () => {
        await at(started, (i * 1000) / beaconsPerSecond);
        return post(body(sent), clientOf(i));
      }),
      validAtOnce,
    ),
    pool(
      // The flood comes all at once; the other hostile beacons are spread over the stream.
      hostile.map(({ kind, send }, i) => async () => {
        if (kind !== 'flood') await at(started, (i * 10_000 * 1000) / 750 / beaconsPerSecond);
        return send();
      }),
      1,
    ),
    pageLatencies(400),
  ]);
  const seconds = (performance.now() - started) / 1000;

  expect(statuses.filter((status) => status !== 204)).toEqual([]);
  const byKind = (kind: string) =>
    hostile.flatMap((h, i) => (h.kind === kind ? [hostileStatuses[i]] : []));
  expect(new Set(byKind('oversized'))).toEqual(new Set([413]));
  expect(new Set(byKind('wrong types'))).toEqual(new Set([400]));
  expect(new Set(byKind('unknown set'))).toEqual(new Set([422]));
  const flood = byKind('flood');
  const floodAccepted = flood.filter((status) => status === 204).length;
  expect(floodAccepted).toBe(burst);
  expect(flood.filter((status) => status === 429)).toHaveLength(250 - floodAccepted);

  // Stored: exactly the accepted beacons, once the server has flushed.
  // The flood's client adds its errors and failed loads only up to its budget for the hour.
  const floodCounted = Array.from({ length: floodAccepted }, (_, i) =>
    i < clientBudget.errorViews ? one : { ...one, errors: 0, failedLoads: 0 },
  );
  const accepted = [...valid, ...floodCounted];
  const expected = expectedSums(accepted);
  let stored: Record<string, number> = {};
  const deadline = Date.now() + scaled(20_000);
  do {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = storedSums(await forSet(set));
    stored = Object.fromEntries(
      Object.keys({ ...expected, ...after }).map((key) => [
        key,
        (after[key] ?? 0) - (before[key] ?? 0),
      ]),
    );
  } while (stored.beacons !== expected.beacons && Date.now() < deadline);
  expect(Object.fromEntries(Object.entries(stored).filter(([, n]) => n !== 0))).toEqual(expected);
  const refusals = await storedDocuments(emulator.projectId, refusalsCollection);
  const refused = (reason: string) => sumOf(refusals, reason) - sumOf(refusedBefore, reason);
  const refusedFigures = {
    'too-large': refused('too-large'),
    'bad-shape': refused('bad-shape'),
    'unknown-set': refused('unknown-set'),
    'rate-limited': refused('rate-limited'),
  };
  expect(refusedFigures).toEqual({
    'too-large': 250,
    'bad-shape': 250,
    'unknown-set': 250,
    'rate-limited': 250 - floodAccepted,
  });

  const report = process.env.FIELD_DATA_REPORT;
  if (report) {
    const ms = (n: number) => `${n.toFixed(1)} ms`;
    const row = (name: string, values: number[]) =>
      `| ${name} | ${values.length} | ${ms(percentile(values, 0.5))} | ${ms(percentile(values, 0.95))} | ${ms(percentile(values, 0.99))} |`;
    fs.writeFileSync(
      path.resolve(paths.repoRoot, report),
      [
        '# Field data under load',
        '',
        `Measured ${new Date().toISOString().slice(0, 16)}Z by \`FIELD_DATA_REPORT=reports/field-data.md node tools/test/test-browser.mjs --no-build tests/browser/field-data-load.test.ts\`: the production build, one render server process, the Firestore emulator, on this machine (${os.cpus().length} cores).`,
        '',
        `10,000 valid beacons (paced at ${beaconsPerSecond}/s, at most ${validAtOnce} in flight, from 2,500 simulated clients) and 1,000 hostile ones (750 spread over the stream, then a flood of 250 from one client at once) in ${seconds.toFixed(1)} s (${Math.round(11_000 / seconds)} beacons/s), while a visitor loaded / every ${pageEveryMs} ms, 400 times before the stream and 400 times during it.`,
        '',
        '| loads of / | count | p50 | p95 | p99 |',
        '| --- | --- | --- | --- | --- |',
        row('without beacons', quiet),
        row('during the beacons', busy),
        '',
        `p99 during the beacons is ${(percentile(busy, 0.99) / percentile(quiet, 0.99)).toFixed(2)}x the p99 without.`,
        '',
        '| hostile beacons | sent | answered | refused as (stored in fieldDataRefused) |',
        '| --- | --- | --- | --- |',
        `| oversized (${maxBeaconBytes + 100}+ bytes) | 250 | 413 | too-large: ${refusedFigures['too-large']} |`,
        `| wrong types | 250 | 400 | bad-shape: ${refusedFigures['bad-shape']} |`,
        `| unknown version set | 250 | 422 | unknown-set: ${refusedFigures['unknown-set']} |`,
        `| flood from one client | 250 | ${floodAccepted} x 204 (its burst), ${250 - floodAccepted} x 429 | rate-limited: ${refusedFigures['rate-limited']} |`,
        '',
        `Stored aggregates for the set: ${stored.beacons} beacons (${valid.length} valid + ${floodAccepted} of the flood within its burst), ${stored.views} views; every count and histogram bucket equals the sums computed from the beacons accepted.`,
        '',
      ].join('\n'),
    );
  }
}, 300_000);
