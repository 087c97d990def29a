import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
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

/**
 * An email-and-password account on the Auth emulator, with the staff claim when `staff` (made
 * with firebase-admin, as `npm run staff` does).
 */
export async function createAccount(
  email: string,
  password: string,
  staff: boolean,
): Promise<void> {
  if (!process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: run with tools/test/test-browser.mjs');
  }
  const app = initializeApp({ projectId: authEmulator.projectId }, `accounts-${Date.now()}`);
  try {
    const auth = getAuth(app);
    const user = await auth.createUser({ email, password, emailVerified: true });
    if (staff) await auth.setCustomUserClaims(user.uid, { staff: true });
  } finally {
    await deleteApp(app);
  }
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
