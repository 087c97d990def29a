import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { authEmulator } from './site';

const authBase = `http://${authEmulator.host}:${authEmulator.port}`;

/** Removes every account of the tests' Auth emulator. */
export async function clearAccounts(): Promise<void> {
  const response = await fetch(
    `${authBase}/emulator/v1/projects/${authEmulator.projectId}/accounts`,
    { method: 'DELETE' },
  );
  if (!response.ok) throw new Error(`Clearing the Auth emulator answered ${response.status}`);
}

let apps = 0;
/** Runs `work` with a firebase-admin app of the tests' emulators. */
async function withAdmin<T>(work: (app: ReturnType<typeof initializeApp>) => Promise<T>) {
  if (!process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: run with tools/test/test-browser.mjs');
  }
  const app = initializeApp({ projectId: authEmulator.projectId }, `accounts-${++apps}`);
  try {
    return await work(app);
  } finally {
    await deleteApp(app);
  }
}

/**
 * An email-and-password account on the Auth emulator, with the staff claim when `staff` (made
 * with firebase-admin, as `npm run staff` does); its account id. A staff account also goes on
 * the staff roster the rules read (see grantStaffAccess).
 */
export function createAccount(email: string, password: string, staff: boolean): Promise<string> {
  return withAdmin(async (app) => {
    const auth = getAuth(app);
    const user = await auth.createUser({ email, password, emailVerified: true });
    if (staff) await auth.setCustomUserClaims(user.uid, { staff: true });
    if (staff) await grantStaffAccess(email);
    return user.uid;
  });
}

/**
 * Puts accounts on the staff roster the rules read (staffAccess/{uid} in the site's Firestore),
 * as `npm run staff -- add|grant` does; again after a test cleared the emulator.
 */
export function grantStaffAccess(...emails: string[]): Promise<void> {
  return withAdmin(async (app) => {
    const db = getFirestore(app);
    for (const email of emails) {
      const user = await getAuth(app).getUserByEmail(email);
      await db.doc(`staffAccess/${user.uid}`).set({ email, grantedAt: new Date() });
    }
  });
}

/** The ID token a browser gets when this account signs in (unsigned, from the emulator). */
export async function idTokenOf(email: string, password: string): Promise<string> {
  const response = await fetch(
    `${authBase}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken?: string };
  if (!response.ok || !body.idToken)
    throw new Error(`Signing in ${email} failed: ${response.status}`);
  return body.idToken;
}
