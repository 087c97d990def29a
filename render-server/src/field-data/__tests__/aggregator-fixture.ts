import type { Beacon } from '../../../../platform/field-data/beacon.cjs';
import { createAggregator, type Aggregator } from '../aggregator';
import type { IncrementWrite } from '../firestore-rest';

/** An aggregator over a fake commit that records batches and fails when told, with its log captured. */
export const info = { lane: 'live', canary: null, releases: { 'remote-home': 'r7' } } as const;
export const beacon = (overrides: Partial<Beacon> = {}): Beacon => ({
  ...{ v: 1, set: 'a1b2c3d4e5f6', route: '/', view: true, metrics: {}, errors: 0 },
  ...{ failedLoads: 0, tapsCaptured: 0, tapsReplayed: 0, attribution: {} },
  ...overrides,
});

export interface Fixture {
  readonly aggregator: Aggregator;
  /** The batches committed, in order. */
  readonly commits: (readonly IncrementWrite[])[];
  /** Log lines written. */
  readonly lines: string[];
  /** How many commits to fail from now on. */
  failNext: number;
  readonly commit: (writes: readonly IncrementWrite[]) => Promise<void>;
}

/** Starts at 12:00:10 on a fake clock; call from beforeEach, and `end` from afterEach. */
export function aggregatorFixture(): Fixture {
  jest.useFakeTimers({ now: new Date('2026-11-24T12:00:10Z') });
  const fixture: Omit<Fixture, 'aggregator'> & { aggregator?: Aggregator } = {
    commits: [],
    lines: [],
    failNext: 0,
    async commit(writes) {
      if (fixture.failNext > 0) {
        fixture.failNext -= 1;
        throw new Error('store down');
      }
      fixture.commits.push(writes);
    },
  };
  const capture = (chunk: string | Uint8Array) => (fixture.lines.push(String(chunk)), true);
  jest.spyOn(process.stdout, 'write').mockImplementation(capture);
  jest.spyOn(process.stderr, 'write').mockImplementation(capture);
  fixture.aggregator = createAggregator({
    commit: fixture.commit,
    flushMs: 5000,
    maxPendingMinutes: 2,
  });
  return fixture as Fixture;
}

export async function endFixture(fixture: Fixture): Promise<void> {
  await fixture.aggregator.stop();
  jest.useRealTimers();
  jest.restoreAllMocks();
}
