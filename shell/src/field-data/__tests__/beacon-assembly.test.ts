import {
  decodeBeacon,
  maxAttributionLength,
  maxBeaconBytes,
  maxCount,
  metricMaximum,
} from '../../../../platform/field-data/beacon.cjs';
import { assembleBeacon, type BeaconParts } from '../beacon-assembly';

const parts: BeaconParts = {
  set: '0123456789ab',
  route: '/',
  view: true,
  metrics: { LCP: 1234.5, INP: 96, CLS: 0.02 },
  errors: 2,
  failedLoads: 1,
  tapsCaptured: 1,
  tapsReplayed: 1,
  attribution: {
    lcpTarget: 'main>h1',
    inpTarget: 'button.music',
    inpType: 'pointer',
    clsTarget: 'img.hero',
    error: 'boom',
    failedRemote: 'remote-home',
  },
};

/** The assembled body, as the render server reads it. */
function decoded(input: BeaconParts) {
  const assembled = assembleBeacon(input);
  if (!assembled) throw new Error('No beacon');
  expect(new TextEncoder().encode(assembled.body).length).toBeLessThan(maxBeaconBytes);
  const reading = decodeBeacon(JSON.parse(assembled.body));
  if (!reading.ok) throw new Error(`Refused: ${reading.reason} ${assembled.body}`);
  // The server reads exactly what the page meant to say.
  expect(reading.beacon).toEqual(assembled.beacon);
  return reading.beacon;
}

describe('assembleBeacon', () => {
  it('builds a beacon the server accepts as it is', () => {
    expect(decoded(parts)).toEqual({ v: 1, ...parts });
  });

  it('has nothing to say without a view, a metric or a count', () => {
    const quiet = { ...parts, view: false, metrics: {}, errors: 0, failedLoads: 0 };
    expect(assembleBeacon({ ...quiet, tapsCaptured: 0, tapsReplayed: 0 })).toBeNull();
    expect(decoded({ ...quiet, tapsCaptured: 0, tapsReplayed: 1 }).tapsReplayed).toBe(1);
    expect(decoded({ ...quiet, tapsCaptured: 0, tapsReplayed: 0, view: true }).view).toBe(true);
  });

  it('caps counts at the most the server accepts', () => {
    const beacon = decoded({ ...parts, errors: 5000, failedLoads: -3, tapsCaptured: 1.5 });
    expect(beacon).toMatchObject({ errors: maxCount, failedLoads: 0, tapsCaptured: 1 });
  });

  it('cuts attribution texts and leaves out what the server would refuse', () => {
    const beacon = decoded({
      ...parts,
      attribution: { error: 'x'.repeat(5000), failedRemote: 'remote-elsewhere', lcpTarget: '' },
    });
    expect(beacon.attribution).toEqual({ error: 'x'.repeat(maxAttributionLength) });
  });

  it('leaves out metric values no real page has', () => {
    const beacon = decoded({
      ...parts,
      metrics: { LCP: metricMaximum.LCP + 1, INP: Number.NaN, CLS: -0.1 },
    });
    expect(beacon.metrics).toEqual({});
    expect(decoded({ ...parts, metrics: { LCP: metricMaximum.LCP } }).metrics).toEqual({
      LCP: metricMaximum.LCP,
    });
  });

  it('stays under the byte limit when texts are heavy, dropping the heaviest first', () => {
    const heavy = '\u0001'.repeat(maxAttributionLength); // 6 bytes each as JSON
    const beacon = decoded({
      ...parts,
      attribution: {
        lcpTarget: heavy,
        inpTarget: heavy,
        clsTarget: heavy,
        error: '€'.repeat(maxAttributionLength),
        inpType: 'pointer',
      },
    });
    expect(beacon.attribution.inpType).toBe('pointer');
    expect(beacon.attribution.error).toBe('€'.repeat(maxAttributionLength));
    expect(Object.keys(beacon.attribution).length).toBeGreaterThanOrEqual(3);
  });

  it('sends nothing for tags the server would refuse', () => {
    expect(assembleBeacon({ ...parts, set: 'not-a-set' })).toBeNull();
    expect(assembleBeacon({ ...parts, route: '/Über?x=1' })).toBeNull();
  });
});
