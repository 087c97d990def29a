import {
  FirebaseSettingsError,
  parseFirebaseSettings,
  type FirebaseSettings,
} from './firebase-settings';

// webpack's run-time public path of THIS remote (where its remoteEntry.js was loaded from), so
// the config is found beside the remote both in the composed site and standalone.
declare const __webpack_public_path__: string | undefined;

export function firebaseSettingsUrl(): string {
  const base =
    typeof __webpack_public_path__ === 'string' && __webpack_public_path__ !== ''
      ? __webpack_public_path__
      : document.baseURI;
  return new URL('firebase-config.json', new URL(base, document.baseURI)).toString();
}

/** Fetches and checks firebase-config.json; `no-cache` so a redeployed file is seen at once. */
export async function loadFirebaseSettings(
  url: string = firebaseSettingsUrl(),
): Promise<FirebaseSettings> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new FirebaseSettingsError(`${url} answered ${response.status}`);
  let json: unknown;
  try {
    json = await response.json();
  } catch (error) {
    throw new FirebaseSettingsError(`${url} is not JSON`, { cause: error });
  }
  return parseFirebaseSettings(json);
}
