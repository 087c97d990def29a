import { FirebaseSettingsError, parseFirebaseSettings } from '../firebase-settings';
import { firebaseSettingsUrl, loadFirebaseSettings } from '../load-firebase-settings';

describe('parseFirebaseSettings', () => {
  it('reads the committed local default', () => {
    expect(
      parseFirebaseSettings({
        projectId: 'demo-firstday',
        apiKey: 'demo-api-key',
        emulator: { host: '127.0.0.1', port: 8080 },
      }),
    ).toEqual({
      projectId: 'demo-firstday',
      apiKey: 'demo-api-key',
      emulator: { host: '127.0.0.1', port: 8080 },
    });
  });

  it('reads a production file without an emulator', () => {
    const settings = parseFirebaseSettings({
      projectId: 'firstday-prod',
      apiKey: 'AIza-example',
      authDomain: 'firstday-prod.firebaseapp.com',
      appId: '1:2:web:3',
    });
    expect(settings.emulator).toBeUndefined();
    expect(settings.authDomain).toBe('firstday-prod.firebaseapp.com');
  });

  it('reads App Check settings: reCAPTCHA Enterprise in production, debug mode locally', () => {
    const base = { projectId: 'p', apiKey: 'k' };
    expect(
      parseFirebaseSettings({
        ...base,
        appCheck: { provider: 'recaptcha-enterprise', siteKey: '6Lc-site-key' },
      }).appCheck,
    ).toEqual({ provider: 'recaptcha-enterprise', siteKey: '6Lc-site-key' });
    expect(parseFirebaseSettings({ ...base, appCheck: { provider: 'debug' } }).appCheck).toEqual({
      provider: 'debug',
    });
    expect(
      parseFirebaseSettings({ ...base, appCheck: { provider: 'debug', debugToken: 'tok' } })
        .appCheck,
    ).toEqual({ provider: 'debug', debugToken: 'tok' });
    expect(parseFirebaseSettings(base).appCheck).toBeUndefined();
  });

  it.each([
    ['not an object', 'nope'],
    [
      'App Check without a site key',
      { projectId: 'p', apiKey: 'k', appCheck: { provider: 'recaptcha-enterprise' } },
    ],
    [
      'an unknown App Check provider',
      { projectId: 'p', apiKey: 'k', appCheck: { provider: 'recaptcha-v2' } },
    ],
    ['no projectId', { apiKey: 'k' }],
    ['no apiKey', { projectId: 'p' }],
    ['an empty projectId', { projectId: ' ', apiKey: 'k' }],
    ['a numeric appId', { projectId: 'p', apiKey: 'k', appId: 1 }],
    ['a bad emulator', { projectId: 'p', apiKey: 'k', emulator: { host: 'h', port: '8080' } }],
  ])('refuses %s with a message that says why', (_case, json) => {
    expect(() => parseFirebaseSettings(json)).toThrow(FirebaseSettingsError);
  });
});

describe('loadFirebaseSettings', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  it('looks beside the page when no webpack public path exists (tests)', () => {
    expect(firebaseSettingsUrl()).toBe(new URL('firebase-config.json', document.baseURI).href);
  });

  it('fetches and checks the file', async () => {
    const fetchMock = jest.fn(
      async () => new Response(JSON.stringify({ projectId: 'p', apiKey: 'k' }), { status: 200 }),
    );
    global.fetch = fetchMock as typeof fetch;
    await expect(loadFirebaseSettings('http://x/firebase-config.json')).resolves.toEqual({
      projectId: 'p',
      apiKey: 'k',
    });
  });

  it('fails clearly when the file is missing', async () => {
    global.fetch = jest.fn(async () => new Response('', { status: 404 })) as typeof fetch;
    await expect(loadFirebaseSettings('http://x/firebase-config.json')).rejects.toThrow(/404/);
  });
});
