import { beaconPath } from '../../../../platform/field-data/beacon.cjs';
import { sendBeacon } from '../send-beacon';

// jsdom has neither sendBeacon nor a network: these stand-ins record what the page asks for.
function browser(sendBeaconAnswer: 'accepts' | 'refuses' | 'missing' | 'throws') {
  const beacons: [string, unknown][] = [];
  const fetches: [string, RequestInit | undefined][] = [];
  const navigator =
    sendBeaconAnswer === 'missing'
      ? {}
      : {
          sendBeacon: (url: string, body: unknown) => {
            if (sendBeaconAnswer === 'throws') throw new TypeError('Illegal invocation');
            beacons.push([url, body]);
            return sendBeaconAnswer === 'accepts';
          },
        };
  const fetch = (url: string, init?: RequestInit) => {
    fetches.push([url, init]);
    return Promise.reject(new TypeError('Failed to fetch'));
  };
  return { target: { navigator, fetch } as unknown as Window, beacons, fetches };
}

const keepalivePost = [beaconPath, { method: 'POST', body: '{"v":1}', keepalive: true }];

describe('sendBeacon', () => {
  it('posts the body as a string (text/plain, no preflight) with navigator.sendBeacon', () => {
    const { target, beacons, fetches } = browser('accepts');
    sendBeacon('{"v":1}', target);
    expect(beacons).toEqual([[beaconPath, '{"v":1}']]);
    expect(fetches).toEqual([]);
  });

  it.each(['refuses', 'missing', 'throws'] as const)(
    'falls back to a keepalive fetch when sendBeacon %s, and swallows its failure',
    async (answer) => {
      const { target, fetches } = browser(answer);
      expect(() => sendBeacon('{"v":1}', target)).not.toThrow();
      expect(fetches).toEqual([keepalivePost]);
      // The rejected fetch must not surface as an unhandled rejection.
      await Promise.resolve();
    },
  );
});
