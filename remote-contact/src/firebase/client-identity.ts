// Types only: firebase/auth is loaded with import() together with the rest of the writer's SDK.
import type { FirebaseApp } from 'firebase/app';
import type * as AuthSdk from 'firebase/auth';
import type { FirebaseSettings } from './firebase-settings';

/**
 * Who is sending, as the rules' per-client ceiling counts it: a Firebase Anonymous Auth user.
 * The visitor sees nothing of it. The session is kept in localStorage, so a reload stays the
 * same client (and is told "too soon" truthfully); where localStorage is missing (Node, a
 * locked-down browser) it lives in memory for the page.
 */
export interface ClientIdentity {
  /** The signed-in client's uid, signing in anonymously on first use (once, however many ask). */
  readonly uid: () => Promise<string>;
}

export async function startClientIdentity(
  app: FirebaseApp,
  settings: FirebaseSettings,
): Promise<ClientIdentity> {
  const sdk: typeof AuthSdk = await import(/* webpackChunkName: "firebase-auth" */ 'firebase/auth');
  // initializeAuth without a popup/redirect resolver: anonymous sign-in needs none, and leaving
  // it out keeps the popup and redirect code out of the chunk (getAuth would pull it in).
  const auth = sdk.initializeAuth(app, {
    persistence: [sdk.browserLocalPersistence, sdk.inMemoryPersistence],
  });
  if (settings.authEmulator) {
    const { host, port } = settings.authEmulator;
    sdk.connectAuthEmulator(auth, `http://${host}:${port}`, { disableWarnings: true });
  }
  let signingIn: Promise<string> | undefined;
  return {
    uid: () => {
      signingIn ??= (async () => {
        await auth.authStateReady();
        return auth.currentUser?.uid ?? (await sdk.signInAnonymously(auth)).user.uid;
      })();
      // A failed sign-in (offline) is tried again on the next submit.
      signingIn.catch(() => {
        signingIn = undefined;
      });
      return signingIn;
    },
  };
}
