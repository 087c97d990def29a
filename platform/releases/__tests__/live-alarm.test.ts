import type { MinuteAggregate } from '../../field-data/aggregates.cjs';
import { canaryPolicyOf, defaultCanaryPolicy } from '../canary-judge.cjs';
import { alarmLine, liveAlarmOf } from '../live-alarm.cjs';

const hex6 = (value: number) => value.toString(16).padStart(6, '0');
const promotedAt = Date.parse('2026-11-24T10:00:00.000Z');
const minuteAt = (offset: number) =>
  new Date(promotedAt + offset * 60_000).toISOString().slice(0, 16) + 'Z';

/** A pseudo-random source with a seed, so a failing run can be replayed. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

interface Traffic {
  set: string;
  home: string;
  /** Visitors, each its own client; `networks` of them share networks round-robin. */
  visitors: number;
  networks?: number;
  /** Whether visitor `index` met an error. */
  erring: (index: number) => boolean;
  /** Visitors' marks start here (two sets' visitors are different people unless told). */
  from?: number;
  /** Erring visitors added from one network (forged beacons). */
  forged?: number;
}

/** One minute's aggregate of `traffic` on route `/`, at minute `offset` from the promote. */
function minuteOf(traffic: Traffic, offset: number): MinuteAggregate {
  const clients: Record<string, number> = {};
  const badClients: Record<string, number> = {};
  let errors = 0;
  const networks = traffic.networks ?? traffic.visitors;
  for (let index = 0; index < traffic.visitors; index += 1) {
    const client = (traffic.from ?? 0) + index;
    const mark = `c${hex6(client % networks)}${hex6(client)}`;
    clients[mark] = 1;
    if (traffic.erring(index)) {
      badClients[mark] = 1;
      errors += 1;
    }
  }
  for (let index = 0; index < (traffic.forged ?? 0); index += 1) {
    const mark = `cffffff${hex6(index)}`;
    clients[mark] = 1;
    badClients[mark] = 1;
    errors += 1;
  }
  const views = Object.keys(clients).length;
  return {
    minute: minuteAt(offset),
    set: traffic.set,
    route: '/',
    lane: 'live',
    canary: null,
    releases: { 'remote-home': traffic.home, 'remote-contact': '1.0.0' },
    beacons: views,
    views,
    errors,
    failedLoads: 0,
    tapsCaptured: 0,
    tapsReplayed: 0,
    clients,
    badClients,
  };
}

/** Five minutes of the set before, then five of the set promoted (the minute between has both). */
const promoted = (before: Traffic, after: Traffic) => [
  ...[-5, -4, -3, -2, -1, 0].map((offset) => minuteOf(before, offset)),
  ...[0, 1, 2, 3, 4].map((offset) => minuteOf(after, offset)),
];
const fiveMinutesOn = promotedAt + 5 * 60_000;
const sometimes = (share: number, random: () => number) => () => random() < share;

describe('the live alarm', () => {
  it('raises a jump in erring visitors after a promote, naming the set, the route and the rollback', () => {
    const alarm = liveAlarmOf(
      promoted(
        { set: 'set-a', home: '1.0.0', visitors: 40, erring: (i) => i % 100 === 0 },
        { set: 'set-b', home: '1.1.0', visitors: 40, erring: (i) => i % 2 === 0, from: 10_000 },
      ),
      defaultCanaryPolicy,
      fiveMinutesOn,
    );
    expect(alarm).toMatchObject({
      set: 'set-b',
      before: 'set-a',
      since: minuteAt(0),
      routes: ['/'],
      rollback: { 'remote-home': '1.0.0' },
    });
    expect(alarmLine(alarm!, '/srv/releases')).toBe(
      `Live alarm: set set-b (live since ${minuteAt(0)}) has more visitors meeting faults than set set-a before it on /; roll back with: npm run promote -- remote-home@1.0.0 --to /srv/releases --force --reason "live alarm: set set-b"`,
    );
  });

  it('never fires for a release equal to the one before (the real comparison, 200 runs)', () => {
    const random = seeded(39);
    let alarms = 0;
    for (let run = 0; run < 200; run += 1) {
      const alarm = liveAlarmOf(
        promoted(
          { set: 'set-a', home: '1.0.0', visitors: 60, erring: sometimes(0.03, random) },
          { set: 'set-b', home: '1.1.0', visitors: 60, erring: sometimes(0.03, random), from: 10_000 },
        ),
        defaultCanaryPolicy,
        fiveMinutesOn,
      );
      if (alarm) alarms += 1;
    }
    expect(alarms).toBe(0);
  });

  it('says nothing without a promote in the minutes read', () => {
    const steady = { set: 'set-a', home: '1.0.0', visitors: 40, erring: (i: number) => i < 20 };
    const minutes = [-3, -2, -1, 0, 1].map((offset) => minuteOf(steady, offset));
    expect(liveAlarmOf(minutes, defaultCanaryPolicy, fiveMinutesOn)).toBeNull();
  });

  it('is neither raised nor hidden by one network forging errors', () => {
    // The new set is as good as the one before; one network sends erring views of it.
    const raised = liveAlarmOf(
      promoted(
        { set: 'set-a', home: '1.0.0', visitors: 40, erring: () => false },
        { set: 'set-b', home: '1.1.0', visitors: 40, erring: () => false, from: 10_000, forged: 60 },
      ),
      defaultCanaryPolicy,
      fiveMinutesOn,
    );
    expect(raised).toBeNull();
    // The new set breaks for half its visitors; one network forged errors on the set before.
    const hidden = liveAlarmOf(
      promoted(
        { set: 'set-a', home: '1.0.0', visitors: 40, erring: () => false, forged: 200 },
        { set: 'set-b', home: '1.1.0', visitors: 40, erring: (i) => i % 2 === 0, from: 10_000 },
      ),
      defaultCanaryPolicy,
      fiveMinutesOn,
    );
    expect(hidden).toMatchObject({ set: 'set-b', routes: ['/'] });
  });

  it('tells which set is live when both were first seen in the promote minute, in either order read', () => {
    // A site started just before a promote: the set before has no minute of its own. The set
    // whose last beacon came latest is the one served now, however the store orders the two.
    // The browser test's policy: one look of a few views from one address.
    const policy = canaryPolicyOf({
      falseRollbackRate: 0.05,
      horizonMs: 5 * 60_000,
      visitorsByAddress: 0,
      minNetworks: 0,
      minClients: 1,
    });
    const oneMinute = (set: string, home: string, errors: number, lastAt: number) => ({
      ...minuteOf({ set, home, visitors: 1, erring: () => false }, 0),
      views: 6,
      errors,
      lastAt,
    });
    const before = oneMinute('set-a', '1.0.0', 0, promotedAt + 10_000);
    const after = oneMinute('set-b', '1.1.0', 6, promotedAt + 40_000);
    for (const minutes of [
      [before, after],
      [after, before],
    ])
      expect(liveAlarmOf(minutes, policy, promotedAt + 50_000)).toMatchObject({
        set: 'set-b',
        before: 'set-a',
      });
  });

  it('takes a policy: a test site whose visitors share one address counts views', () => {
    const policy = canaryPolicyOf({ visitorsByAddress: 0, minNetworks: 0, minClients: 1 });
    const oneAddress = (set: string, home: string, erring: (i: number) => boolean) => ({
      set,
      home,
      visitors: 1,
      erring,
    });
    const minutes = promoted(
      oneAddress('set-a', '1.0.0', () => false),
      oneAddress('set-b', '1.1.0', () => true),
    ).map((aggregate) => ({ ...aggregate, views: 6, errors: aggregate.errors ? 6 : 0 }));
    expect(liveAlarmOf(minutes, policy, fiveMinutesOn)).toMatchObject({ set: 'set-b' });
  });
});
