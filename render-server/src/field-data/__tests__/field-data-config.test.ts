/**
 * @jest-environment node
 */
import { canaryPolicyOf } from '../../../../platform/releases/canary-judge.cjs';
import { ConfigError } from '../../config';
import { readFieldDataConfig } from '../field-data-config';

it('reads the defaults: aggregates off, 5 s flushes, the socket address, 20 beacons then one per 2 s', () => {
  expect(readFieldDataConfig({ HOST: '127.0.0.1' })).toEqual({
    project: undefined,
    emulatorHost: undefined,
    flushMs: 5000,
    trustedProxies: 0,
    rateBurst: 20,
    rateRefillMs: 2000,
    clientViews: 30,
    clientErrorViews: 2,
    liveAlarmPolicy: canaryPolicyOf(),
  });
});

it("reads the live alarm's policy as the canary judge's settings, and refuses one that is not", () => {
  expect(
    readFieldDataConfig({ LIVE_ALARM_POLICY: '{"minNetworks":0}' }).liveAlarmPolicy,
  ).toMatchObject({ minNetworks: 0, minClients: 3 });
  expect(() => readFieldDataConfig({ LIVE_ALARM_POLICY: '[1]' })).toThrow(
    'LIVE_ALARM_POLICY must be a JSON object',
  );
  expect(() => readFieldDataConfig({ LIVE_ALARM_POLICY: '{"minClients":0}' })).toThrow(
    'LIVE_ALARM_POLICY: Canary policy "minClients" must be',
  );
});

it("trusts the deployment's two proxies (Firebase Hosting, Cloud Run's front end) on a server others can reach", () => {
  for (const HOST of [undefined, '0.0.0.0', '::'])
    expect(readFieldDataConfig({ HOST }).trustedProxies).toBe(2);
  expect(readFieldDataConfig({ TRUSTED_PROXIES: '0' }).trustedProxies).toBe(0);
});

it('reads every setting', () => {
  const config = readFieldDataConfig({
    FIELD_DATA_PROJECT: 'demo-field-data',
    FIRESTORE_EMULATOR_HOST: '127.0.0.1:8880',
    FIELD_DATA_FLUSH_MS: '1000',
    TRUSTED_PROXIES: '1',
    FIELD_DATA_RATE_BURST: '5',
    FIELD_DATA_RATE_REFILL_MS: '500',
    FIELD_DATA_CLIENT_VIEWS: '100',
    FIELD_DATA_CLIENT_ERROR_VIEWS: '50',
  });
  expect(config).toEqual({
    project: 'demo-field-data',
    emulatorHost: '127.0.0.1:8880',
    flushMs: 1000,
    trustedProxies: 1,
    rateBurst: 5,
    rateRefillMs: 500,
    clientViews: 100,
    clientErrorViews: 50,
    liveAlarmPolicy: canaryPolicyOf(),
  });
});

it.each([
  [
    'FIELD_DATA_PROJECT',
    'My Project',
    'FIELD_DATA_PROJECT must be a Google Cloud project id such as firstday-prod (it is "My Project")',
  ],
  [
    'FIRESTORE_EMULATOR_HOST',
    'localhost',
    'FIRESTORE_EMULATOR_HOST must be host:port such as 127.0.0.1:8080 (it is "localhost")',
  ],
  [
    'FIRESTORE_EMULATOR_HOST',
    'localhost:99999',
    'FIRESTORE_EMULATOR_HOST must be host:port such as 127.0.0.1:8080 (it is "localhost:99999")',
  ],
  [
    'FIELD_DATA_FLUSH_MS',
    '5s',
    'FIELD_DATA_FLUSH_MS must be a whole number from 100 to 600000 (it is "5s")',
  ],
  [
    'FIELD_DATA_FLUSH_MS',
    '10',
    'FIELD_DATA_FLUSH_MS must be a whole number from 100 to 600000 (it is "10")',
  ],
  ['TRUSTED_PROXIES', '-1', 'TRUSTED_PROXIES must be a whole number from 0 to 10 (it is "-1")'],
  [
    'FIELD_DATA_RATE_BURST',
    '0',
    'FIELD_DATA_RATE_BURST must be a whole number from 1 to 10000 (it is "0")',
  ],
  [
    'FIELD_DATA_RATE_REFILL_MS',
    '1.5',
    'FIELD_DATA_RATE_REFILL_MS must be a whole number from 1 to 3600000 (it is "1.5")',
  ],
])('refuses %s=%s with a message naming it', (name, value, message) => {
  const read = () => readFieldDataConfig({ [name]: value });
  expect(read).toThrow(ConfigError);
  expect(read).toThrow(message);
});
