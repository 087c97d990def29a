// Types only: the SDKs are loaded with import() when the inbox opens, in chunks of their own.
import type * as AuthSdk from 'firebase/auth';
import type * as FirestoreSdk from 'firebase/firestore';
import { firebaseOptions, type FirebaseSettings } from '../firebase/firebase-settings';
import { loadFirebaseSettings } from '../firebase/load-firebase-settings';

/** What the inbox works with: the signed-in session and the live Firestore SDK. */
export interface StaffConnection {
  readonly settings: FirebaseSettings;
  readonly authSdk: typeof AuthSdk;
  readonly auth: AuthSdk.Auth;
  readonly firestoreSdk: typeof FirestoreSdk;
  readonly db: FirestoreSdk.Firestore;
}

async function connect(): Promise<StaffConnection> {
  // The settings and the SDKs are fetched side by side: neither needs the other to arrive.
  const [settings, { initializeApp, getApps }, authSdk, firestoreSdk] = await Promise.all([
    loadFirebaseSettings(),
    import(/* webpackChunkName: "firebase-app" */ 'firebase/app'),
    import(/* webpackChunkName: "staff-firebase-auth" */ 'firebase/auth'),
    // The full SDK (not lite, as the form uses): the inbox listens for new requests live.
    import(/* webpackChunkName: "staff-firebase-firestore" */ 'firebase/firestore'),
  ]);
  const name = 'staff-inbox';
  const app =
    getApps().find((existing) => existing.name === name) ??
    initializeApp(firebaseOptions(settings), name);
  if (settings.appCheck) {
    // Enforced App Check covers every Firestore request, the inbox's too.
    const { startAppCheck } = await import('../firebase/app-check');
    await startAppCheck(app, settings.appCheck);
  }
  const auth = authSdk.initializeAuth(app, {
    persistence: [authSdk.indexedDBLocalPersistence, authSdk.browserLocalPersistence],
  });
  const db = firestoreSdk.getFirestore(app);
  if (settings.authEmulator) {
    const { host, port } = settings.authEmulator;
    authSdk.connectAuthEmulator(auth, `http://${host}:${port}`, { disableWarnings: true });
  }
  if (settings.emulator) {
    firestoreSdk.connectFirestoreEmulator(db, settings.emulator.host, settings.emulator.port);
  }
  return { settings, authSdk, auth, firestoreSdk, db };
}

let connection: Promise<StaffConnection> | undefined;

/** The one connection of this page (an app and its emulators can be set up only once). */
export function staffConnection(): Promise<StaffConnection> {
  connection ??= connect();
  // A failed load (offline, a broken deployment) is tried again on the next visit.
  connection.catch(() => {
    connection = undefined;
  });
  return connection;
}
