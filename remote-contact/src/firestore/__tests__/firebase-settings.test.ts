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

  it.each([
    ['not an object', 'nope'],
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
