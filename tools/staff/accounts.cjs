// @ts-check
const crypto = require('node:crypto');
const { deleteApp, initializeApp } = require('firebase-admin/app');
const { getAuth } = require('firebase-admin/auth');
const { CliError } = require('../cli/cli.cjs');
const { auth } = require('../../platform/apps.cjs');

/** Staff accounts: Firebase Auth users with the custom claim staff: true (firebase-admin). */

/** @typedef {import('./options.cjs').Target} Target */

/** @param {{ host: string; port: number }} emulator */
async function assertEmulatorAnswers({ host, port }) {
  try {
    const response = await fetch(`http://${host.includes(':') ? `[${host}]` : host}:${port}/`, {
      signal: AbortSignal.timeout(3_000),
    });
    const body = /** @type {{ authEmulator?: unknown }} */ (await response.json());
    if (!body.authEmulator) throw new Error('not the Auth emulator');
  } catch {
    throw new CliError(
      `No Auth emulator answers at ${host}:${port}.\n` +
        `Start the site with \`npm start\` (it runs the Auth emulator on ${auth.host}:${auth.port}), point at\n` +
        'another one with --emulator HOST:PORT, or use a real project with --project ID.',
    );
  }
}

/**
 * @param {unknown} error
 * @param {Target} target
 */
function explain(error, target) {
  const message = error instanceof Error ? error.message : String(error);
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : '';
  if (target.kind === 'emulator') return new CliError(`The Auth emulator refused: ${message}`);
  const login =
    'Sign in with `gcloud auth application-default login`, or set GOOGLE_APPLICATION_CREDENTIALS\n' +
    'to a service account key file.';
  if (/credential|default credentials|invalid_grant|reauth/i.test(message)) {
    return new CliError(
      `No usable Google credentials for project "${target.projectId}" (${message}).\n${login}`,
    );
  }
  if (code === 'auth/insufficient-permission' || /PERMISSION_DENIED|permission/i.test(message)) {
    return new CliError(
      `These credentials may not manage users in project "${target.projectId}".\n` +
        'Ask an owner for the role "Firebase Authentication Admin" (roles/firebaseauth.admin).',
    );
  }
  return new CliError(`Project "${target.projectId}": ${message}`);
}

/**
 * @template T
 * @param {Target} target
 * @param {(auth: import('firebase-admin/auth').Auth) => Promise<T>} work
 */
async function withAuth(target, work) {
  if (target.kind === 'emulator') {
    await assertEmulatorAnswers(target);
    // firebase-admin finds the emulator through this variable (it needs no credentials then).
    process.env.FIREBASE_AUTH_EMULATOR_HOST = `${target.host}:${target.port}`;
  } else {
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  }
  const app = initializeApp({ projectId: target.projectId }, `staff-${Date.now()}`);
  try {
    return await work(getAuth(app)).catch((error) => {
      throw error instanceof CliError ? error : explain(error, target);
    });
  } finally {
    await deleteApp(app);
  }
}

/**
 * @param {import('firebase-admin/auth').Auth} auth
 * @param {string} email
 * @param {Target} target
 */
async function userByEmail(auth, email, target) {
  try {
    return await auth.getUserByEmail(email);
  } catch (error) {
    if (/** @type {{ code?: string }} */ (error).code !== 'auth/user-not-found') throw error;
    throw new CliError(
      target.kind === 'emulator'
        ? `There is no account for ${email} on the Auth emulator. Create a staff account with:\n    npm run staff -- add ${email}`
        : `There is no account for ${email} in project "${target.projectId}". Create it in the Firebase console (Authentication > Users), or let the person sign in once, then grant again.`,
    );
  }
}

/** @param {Target} target @param {string} email */
function grant(target, email) {
  return withAuth(target, async (auth) => {
    const user = await userByEmail(auth, email, target);
    await auth.setCustomUserClaims(user.uid, { ...user.customClaims, staff: true });
    return user.uid;
  });
}

/**
 * Takes the claim away (other claims stay) and revokes the account's refresh tokens, so a
 * signed-in session cannot keep staff access until its ID token expires on its own.
 * @param {Target} target
 * @param {string} email
 */
function revoke(target, email) {
  return withAuth(target, async (auth) => {
    const user = await userByEmail(auth, email, target);
    const others = Object.fromEntries(
      Object.entries(user.customClaims ?? {}).filter(([claim]) => claim !== 'staff'),
    );
    await auth.setCustomUserClaims(user.uid, Object.keys(others).length > 0 ? others : null);
    await auth.revokeRefreshTokens(user.uid);
    return user.uid;
  });
}

/**
 * Creates a signed-up, verified staff account.
 * @param {Target} target
 * @param {string} email
 * @param {string} [password]
 * @returns {Promise<{ uid: string; password: string }>}
 */
function add(target, email, password = crypto.randomBytes(12).toString('base64url')) {
  return withAuth(target, async (auth) => {
    try {
      const user = await auth.createUser({ email, password, emailVerified: true });
      await auth.setCustomUserClaims(user.uid, { staff: true });
      return { uid: user.uid, password };
    } catch (error) {
      if (/** @type {{ code?: string }} */ (error).code === 'auth/email-already-exists') {
        throw new CliError(
          `${email} already has an account. Give it staff access with:\n    npm run staff -- grant ${email}`,
        );
      }
      throw error;
    }
  });
}

/** @param {Target} target @returns {Promise<string[]>} emails of staff accounts */
function list(target) {
  return withAuth(target, async (auth) => {
    /** @type {string[]} */
    const staff = [];
    /** @type {string | undefined} */
    let pageToken;
    do {
      const page = await auth.listUsers(1000, pageToken);
      for (const user of page.users) {
        if (user.customClaims?.staff === true) staff.push(user.email ?? user.uid);
      }
      pageToken = page.pageToken;
    } while (pageToken);
    return staff.sort();
  });
}

module.exports = { grant, revoke, add, list };
