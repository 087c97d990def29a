import { tapCaptureScript } from 'remote-shared/hooks';
import { remoteLoadFailedEvent } from '../../../../federation/runtime-plugins/remote-load-failed';
import { decodeBeacon, type Beacon } from '../../../../platform/field-data/beacon.cjs';
import { startFieldReporter, troubleBeaconDelayMs } from '../field-reporter';
import { watchPageTrouble } from '../page-trouble';
import { readTapCounts } from '../tap-counts';

let visibility: DocumentVisibilityState = 'visible';
Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });

const hide = () => {
  visibility = 'hidden';
  document.dispatchEvent(new Event('visibilitychange'));
};
const show = () => {
  visibility = 'visible';
  document.dispatchEvent(new Event('visibilitychange'));
};
const throwUncaught = (message: string) =>
  window.dispatchEvent(new ErrorEvent('error', { error: new Error(message), message }));
const rejectUnhandled = (reason: unknown) =>
  window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason }));
const failRemote = (remote: string) =>
  window.dispatchEvent(new CustomEvent(remoteLoadFailedEvent, { detail: { remote } }));

/** A page's field data from its first moment (errors count from then), beacons as decoded. */
function setUp({
  send,
  token,
}: { send?: (body: string) => void; token?: () => string | undefined } = {}) {
  const trouble = watchPageTrouble(window);
  const beacons: Beacon[] = [];
  const start = () =>
    startFieldReporter({
      set: '0123456789ab',
      route: '/about',
      trouble,
      readTaps: () => readTapCounts(),
      ...(token ? { token } : {}),
      send:
        send ??
        ((body) => {
          const reading = decodeBeacon(JSON.parse(body));
          if (!reading.ok) throw new Error(`The server would refuse ${body}`);
          beacons.push(reading.beacon);
        }),
    });
  return { beacons, start };
}

beforeEach(() => {
  jest.useFakeTimers();
  visibility = 'visible';
  document.body.innerHTML = '';
  delete window.__fdTaps;
});
afterEach(() => {
  // Each test's reporter must be done: a later one's page events reach every reporter.
  jest.runOnlyPendingTimers();
  jest.useRealTimers();
});

describe('the field reporter', () => {
  it('sends the view and the metrics when the page is first hidden, once', () => {
    const { beacons, start } = setUp();
    const reporter = start();
    reporter.metric('LCP', 1800, { lcpTarget: 'h1' });
    reporter.metric('CLS', 0.01, { clsTarget: undefined });
    expect(beacons).toEqual([]);
    hide();
    // Left, as well as hidden: still one beacon.
    window.dispatchEvent(new Event('pagehide'));
    expect(beacons).toEqual([
      {
        v: 1,
        set: '0123456789ab',
        route: '/about',
        view: true,
        metrics: { LCP: 1800, CLS: 0.01 },
        errors: 0,
        failedLoads: 0,
        tapsCaptured: 0,
        tapsReplayed: 0,
        attribution: { lcpTarget: 'h1' },
      },
    ]);
  });

  it('sends once when the page is left: after pagehide, once hidden and the metrics final', () => {
    const { beacons, start } = setUp();
    const reporter = start();
    // The unload steps: pagehide while still visible, then hidden (web-vitals reports then).
    window.dispatchEvent(new Event('pagehide'));
    expect(beacons).toEqual([]);
    reporter.metric('CLS', 0, {});
    hide();
    expect(beacons).toEqual([expect.objectContaining({ view: true, metrics: { CLS: 0 } })]);
  });

  it('sends when a page is left while hidden, and later only what was not sent', () => {
    const { beacons, start } = setUp();
    const reporter = start();
    visibility = 'hidden';
    window.dispatchEvent(new Event('pagehide'));
    expect(beacons.map((beacon) => beacon.view)).toEqual([true]);
    show();
    // A final value comes once: a later report of the same metric is not sent again.
    reporter.metric('INP', 120, { inpTarget: 'button', inpType: 'pointer' });
    reporter.metric('INP', 400, { inpTarget: 'a', inpType: 'keyboard' });
    hide();
    expect(beacons[1]).toMatchObject({
      view: false,
      metrics: { INP: 120 },
      attribution: { inpTarget: 'button', inpType: 'pointer' },
    });
    show();
    hide();
    expect(beacons).toHaveLength(2);
  });

  it('sends one beacon a second after a burst of errors, while the page stays open', () => {
    const { beacons, start } = setUp();
    start();
    throwUncaught('boom');
    jest.advanceTimersByTime(300);
    rejectUnhandled(new Error('second'));
    rejectUnhandled('third');
    jest.advanceTimersByTime(troubleBeaconDelayMs - 300 - 1);
    expect(beacons).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(beacons).toEqual([
      expect.objectContaining({ view: true, errors: 3, attribution: { error: 'boom' } }),
    ]);
    // The next error starts a new count, and a beacon of its own.
    rejectUnhandled({ not: 'an error' });
    jest.advanceTimersByTime(troubleBeaconDelayMs);
    expect(beacons[1]).toMatchObject({
      view: false,
      errors: 1,
      attribution: { error: 'Unhandled rejection' },
    });
    hide();
    expect(beacons).toHaveLength(2);
  });

  it("carries the view's token, and trouble's beacon waits a little for a token still coming", () => {
    const given: { token?: string } = {};
    const { beacons, start } = setUp({ token: () => given.token });
    start();
    throwUncaught('boom');
    jest.advanceTimersByTime(3 * troubleBeaconDelayMs);
    expect(beacons).toEqual([]);
    given.token = '0123456789ab.c.t0a1b2.AAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBB';
    jest.advanceTimersByTime(troubleBeaconDelayMs);
    expect(beacons).toEqual([expect.objectContaining({ errors: 1, token: given.token })]);
  });

  it('sends trouble without a token once the wait is over (the server counts it refused)', () => {
    const { beacons, start } = setUp({ token: () => undefined });
    start();
    throwUncaught('boom');
    jest.advanceTimersByTime(11 * troubleBeaconDelayMs);
    expect(beacons).toEqual([expect.objectContaining({ errors: 1 })]);
    expect(beacons[0]).not.toHaveProperty('token');
  });

  it('counts errors from before it started, and hears of them soon after', () => {
    const { beacons, start } = setUp();
    throwUncaught('during start-up');
    start();
    jest.advanceTimersByTime(troubleBeaconDelayMs);
    expect(beacons).toEqual([
      expect.objectContaining({ errors: 1, attribution: { error: 'during start-up' } }),
    ]);
  });

  it('reports the remote a page could not load, and leaves out unknown ones', () => {
    const { beacons, start } = setUp();
    start();
    failRemote('remote-contact');
    failRemote('remote-home');
    jest.advanceTimersByTime(troubleBeaconDelayMs);
    failRemote('remote-elsewhere');
    hide();
    expect(beacons).toEqual([
      expect.objectContaining({ failedLoads: 2, attribution: { failedRemote: 'remote-contact' } }),
      expect.objectContaining({ failedLoads: 1, attribution: {} }),
    ]);
  });

  it('reports the taps captured before hydration and replayed after, each once', () => {
    new Function(tapCaptureScript)();
    document.body.innerHTML = '<button type="button" data-tap="music">Music</button>';
    const { beacons, start } = setUp();
    start();
    document.querySelector('button')!.click();
    document.querySelector('button')!.click();
    // What the replay counts once the control has hydrated (remote-shared's useTapReplay).
    window.__fdTaps!.replayed = 1;
    hide();
    window.__fdTaps!.replayed = 2;
    show();
    hide();
    expect(beacons.map(({ tapsCaptured, tapsReplayed }) => [tapsCaptured, tapsReplayed])).toEqual([
      [2, 1],
      [0, 1],
    ]);
  });

  it('never throws into the page, even when sending fails', () => {
    const { start } = setUp({
      send: () => {
        throw new Error('no network');
      },
    });
    start();
    expect(() => hide()).not.toThrow();
    throwUncaught('boom');
    expect(() => jest.advanceTimersByTime(troubleBeaconDelayMs)).not.toThrow();
  });
});
