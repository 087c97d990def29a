import { satisfy as runtimeSatisfy } from 'federation-runtime-semver';
import { satisfiesCaret, satisfy } from '../federation-semver.mjs';

const versions = [
  '0.0.3',
  '0.0.4',
  '0.2.2',
  '0.2.3',
  '0.2.9',
  '0.3.0',
  '1.0.0',
  '1.2.2',
  '1.2.3',
  '1.3.0',
  '1.10.0',
  '2.0.0',
  '7.18.5',
  '18.3.1',
  '19.0.0',
  '19.3.1',
  '20.0.0',
  '19.0.0-rc.1',
  'v19.3.1',
  '=19.3.1',
  '019.3.1',
  '19.3',
  '',
];
const caretRanges = ['^0.0.3', '^0.2.3', '^1.0.0', '^1.2.3', '^7.0.0', '^19.0.0', ' ^19.0.0 '];
const otherRanges = [
  '*',
  '',
  '19.3.1',
  '~19.3.0',
  '>=18 <20',
  '^18.0.0 || ^19.0.0',
  '19.x',
  '^19.0.0-0',
  '^19',
];

describe("the browser builds' semver check", () => {
  it.each(caretRanges)(
    'answers %p itself, as the runtime would, for every release version',
    (range) => {
      for (const version of versions.filter((v) => /^\d+\.\d+\.\d+$/.test(v) && !/^0\d/.test(v)))
        expect([version, satisfiesCaret(version, range)]).toEqual([
          version,
          runtimeSatisfy(version, range),
        ]);
    },
  );

  it('leaves other versions and other ranges to the runtime', () => {
    for (const version of ['19.0.0-rc.1', 'v19.3.1', '=19.3.1', '019.3.1', '19.3', ''])
      expect(satisfiesCaret(version, '^19.0.0')).toBeUndefined();
    for (const range of otherRanges) expect(satisfiesCaret('19.3.1', range)).toBeUndefined();
  });

  it('agrees with the runtime on every pair', () => {
    for (const range of [...caretRanges, ...otherRanges])
      for (const version of versions)
        expect([version, range, satisfy(version, range)]).toEqual([
          version,
          range,
          runtimeSatisfy(version, range),
        ]);
  });
});
