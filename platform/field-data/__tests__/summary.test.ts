import { zeroCounts, type MinuteAggregate } from '../aggregates.cjs';
import { decodeMinuteAggregate } from '../decode-aggregate.cjs';
import { bucketOf, upperBoundOf } from '../histogram.cjs';
import { decodeFigures, summarize, summarizeByLane, summarizeByRouteAndSet } from '../summary.cjs';

const minute = (fields: Partial<MinuteAggregate>): MinuteAggregate => ({
  minute: '2026-11-24T10:00Z',
  set: 'aaaaaaaaaaaa',
  route: '/',
  lane: 'live',
  canary: null,
  releases: { 'remote-home': '1.0.0' },
  ...zeroCounts(),
  ...fields,
});

/** A histogram holding `values` of `metric`, as the render server would count them. */
const histogramOf = (metric: 'LCP' | 'INP' | 'CLS', values: number[]) => {
  const histogram: Record<string, number> = {};
  for (const value of values) {
    const key = bucketOf(metric, value);
    histogram[key] = (histogram[key] ?? 0) + 1;
  }
  return histogram;
};

describe('summarize', () => {
  it('adds counts and merges the histograms of every minute before taking p75', () => {
    // p75 of 100 values 1..100 ms is the 75th; split over two minutes so that neither alone has it.
    const values = Array.from({ length: 100 }, (_, i) => (i + 1) * 10);
    const figures = summarize([
      minute({
        views: 30,
        beacons: 40,
        errors: 3,
        failedLoads: 1,
        inp: histogramOf('INP', values.slice(0, 50)),
      }),
      minute({
        views: 70,
        beacons: 80,
        errors: 2,
        tapsCaptured: 4,
        tapsReplayed: 3,
        inp: histogramOf('INP', values.slice(50)),
      }),
    ]);
    expect(figures).toMatchObject({
      views: 100,
      beacons: 120,
      errors: 5,
      failedLoads: 1,
      errorRate: 0.05,
      failedLoadRate: 0.01,
      inpSamples: 100,
      tapsCaptured: 4,
      tapsReplayed: 3,
    });
    expect(figures.inpP75).toBe(upperBoundOf('INP', bucketOf('INP', 750)));
    expect(figures.inpP75).toBeGreaterThanOrEqual(750);
    expect(figures.inpP75).toBeLessThan(750 * 1.12 + 1);
  });

  it('says null, not 0, for rates without views and percentiles without samples', () => {
    expect(summarize([])).toMatchObject({
      views: 0,
      errorRate: null,
      failedLoadRate: null,
      lcpP75: null,
      inpP75: null,
      clsP75: null,
      lcpSamples: 0,
    });
  });

  it('reads CLS in its own unit', () => {
    const figures = summarize([minute({ cls: histogramOf('CLS', [0.01, 0.02, 0.3, 0.3]) })]);
    expect(figures.clsP75).toBeGreaterThanOrEqual(0.3);
    expect(figures.clsP75).toBeLessThan(0.34);
  });
});

describe('grouping', () => {
  const rows = [
    minute({ route: '/contact', views: 5 }),
    minute({ route: '/', views: 10 }),
    minute({ route: '/', views: 20, minute: '2026-11-24T10:01Z' }),
    minute({ route: '/', set: 'bbbbbbbbbbbb', lane: 'canary', canary: 'abcdef12', views: 3 }),
    // The live set, previewed: the same set in another lane is another group.
    minute({ route: '/contact', lane: 'preview', views: 1 }),
  ];

  it('groups by route and set, most viewed first within a route, with the minutes covered', () => {
    const groups = summarizeByRouteAndSet(rows);
    expect(
      groups.map((group) => [group.route, group.set, group.lane, group.figures.views]),
    ).toEqual([
      ['/', 'aaaaaaaaaaaa', 'live', 30],
      ['/', 'bbbbbbbbbbbb', 'canary', 3],
      ['/contact', 'aaaaaaaaaaaa', 'live', 5],
      ['/contact', 'aaaaaaaaaaaa', 'preview', 1],
    ]);
    expect(groups[0]).toMatchObject({
      firstMinute: '2026-11-24T10:00Z',
      lastMinute: '2026-11-24T10:01Z',
    });
  });

  it('sums each lane over every route', () => {
    const lanes = summarizeByLane(rows);
    expect([lanes.live.views, lanes.canary.views, lanes.preview.views]).toEqual([35, 3, 1]);
  });
});

describe('decodeMinuteAggregate', () => {
  const stored = {
    minute: '2026-11-24T10:00Z',
    set: 'aaaaaaaaaaaa',
    route: '/',
    lane: 'canary',
    canary: 'abcdef12',
    releases: { 'remote-home': '2.0.0' },
    views: 4,
    errors: 1,
    inp: { b20: 3 },
  };

  it('reads a stored document, missing counts as 0', () => {
    expect(decodeMinuteAggregate(stored)).toMatchObject({ ...stored, beacons: 0, failedLoads: 0 });
  });

  it('drops what is not field data', () => {
    expect(decodeMinuteAggregate(null)).toBeNull();
    expect(decodeMinuteAggregate({ ...stored, lane: 'everyone' })).toBeNull();
    expect(decodeMinuteAggregate({ ...stored, minute: 'yesterday' })).toBeNull();
    const odd = decodeMinuteAggregate({
      ...stored,
      views: -5,
      errors: 'many',
      releases: { 'remote-home': 2, evil: 'x' },
      inp: { b20: 3, __proto__x: 9, bad: 5, b1: -1, b2: Number.NaN },
    });
    expect(odd).toMatchObject({ views: 0, errors: 0, releases: {}, inp: { b20: 3 } });
    expect(Object.keys(odd?.inp ?? {})).toEqual(['b20']);
  });

  it('reads when the last beacon came only as a time', () => {
    expect(decodeMinuteAggregate({ ...stored, lastAt: 1_795_521_610_000 })?.lastAt).toBe(
      1_795_521_610_000,
    );
    expect(decodeMinuteAggregate({ ...stored, lastAt: 'soon' })).not.toHaveProperty('lastAt');
    expect(decodeMinuteAggregate({ ...stored, lastAt: -1 })).not.toHaveProperty('lastAt');
  });
});

describe('decodeFigures', () => {
  it('reads back figures as stored, and refuses anything else', () => {
    const figures = summarize([minute({ views: 3 })]);
    expect(decodeFigures(JSON.parse(JSON.stringify(figures)))).toEqual(figures);
    expect(decodeFigures({ views: 500 })).toBeNull();
    expect(decodeFigures({ ...figures, views: null })).toBeNull();
    expect(decodeFigures({ ...figures, lcpP75: '1s' })).toBeNull();
    expect(decodeFigures('figures')).toBeNull();
  });
});
