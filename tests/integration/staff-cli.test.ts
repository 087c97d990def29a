import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import paths from '../../tools/stack/paths.cjs';
import { clearEmulator } from '../support/emulators/firestore';
import { deadPort } from '../support/servers/unanswering-servers';

/**
 * `npm run staff` against the real Auth emulator the integration runner starts: accounts
 * signed in through the emulator's REST API, as the staff inbox would, carry the claim.
 */

const run = promisify(execFile);
const cli = path.join(paths.repoRoot, 'tools/staff/staff.mjs');
const projectId = 'demo-firstday';

function authAddress() {
  const value = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!value)
    throw new Error('Run with `node tools/test/test-integration.mjs`: it starts the emulator');
  return value;
}

const base = () => `http://${authAddress()}`;
function firestoreAddress() {
  const value = process.env.FIRESTORE_EMULATOR_HOST;
  if (!value)
    throw new Error('Run with `node tools/test/test-integration.mjs`: it starts the emulator');
  return value;
}

const staff = (...args: string[]) =>
  run(
    process.execPath,
    [
      cli,
      ...args,
      '--emulator',
      authAddress(),
      '--firestore-emulator',
      firestoreAddress(),
      '--project',
      projectId,
    ],
    { encoding: 'utf8' },
  );

let admin: App;
beforeAll(() => {
  admin = initializeApp({ projectId }, 'staff-cli-test');
});
afterAll(async () => {
  await deleteApp(admin);
});

async function rest(url: string, body: unknown) {
  const response = await fetch(`${base()}/identitytoolkit.googleapis.com/v1/${url}?key=demo`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The claims of a fresh sign-in (the emulator's ID tokens are unsigned JWTs). */
async function claimsAfterSignIn(email: string, password: string) {
  const { status, body } = await rest('accounts:signInWithPassword', {
    email,
    password,
    returnSecureToken: true,
  });
  expect(status).toBe(200);
  const payload = String(body.idToken).split('.')[1]!;
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

beforeEach(async () => {
  await clearEmulator(projectId);
  const response = await fetch(`${base()}/emulator/v1/projects/${projectId}/accounts`, {
    method: 'DELETE',
  });
  expect(response.ok).toBe(true);
});

describe('npm run staff', () => {
  it('add creates a local staff account and prints how to sign in with it', async () => {
    const { stdout } = await staff('add', 'ada@firstday.studio');
    expect(stdout).toMatch(/Sign in to the staff inbox at http:\/\/localhost:3000\/staff/);
    const password = /password: (\S+)/.exec(stdout)![1]!;
    expect(password.length).toBeGreaterThanOrEqual(16);
    const claims = await claimsAfterSignIn('ada@firstday.studio', password);
    expect(claims).toMatchObject({ staff: true, email_verified: true });
    // On the roster the rules read (staffAccess/{uid}).
    const access = await getFirestore(admin)
      .doc(`staffAccess/${String(claims.user_id)}`)
      .get();
    expect(access.get('email')).toBe('ada@firstday.studio');
  });

  it('add takes a chosen password, and refuses an address that already has an account', async () => {
    await staff('add', 'bo@firstday.studio', '--password', 'correct-horse');
    expect(await claimsAfterSignIn('bo@firstday.studio', 'correct-horse')).toMatchObject({
      staff: true,
    });
    await expect(staff('add', 'bo@firstday.studio')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('npm run staff -- grant bo@firstday.studio'),
    });
  });

  it('grant gives an existing account the claim; revoke takes it away and keeps other claims', async () => {
    const signUp = await rest('accounts:signUp', {
      email: 'cy@example.com',
      password: 'a-long-password',
    });
    // Another claim, set as an admin would, that revoke must leave alone.
    await fetch(
      `${base()}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:update`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
        body: JSON.stringify({
          localId: signUp.body.localId,
          customAttributes: JSON.stringify({ team: 'design' }),
        }),
      },
    );
    expect(await claimsAfterSignIn('cy@example.com', 'a-long-password')).not.toHaveProperty(
      'staff',
    );

    await staff('grant', 'cy@example.com');
    expect(await claimsAfterSignIn('cy@example.com', 'a-long-password')).toMatchObject({
      staff: true,
      team: 'design',
    });
    const access = getFirestore(admin).doc(`staffAccess/${String(signUp.body.localId)}`);
    expect((await access.get()).get('email')).toBe('cy@example.com');
    expect((await staff('list')).stdout.trim()).toBe('cy@example.com');

    // Cy opened the inbox (so is on the owner list) and owns a lead.
    const db = getFirestore(admin);
    await db.doc('staffMembers/cy@example.com').set({ seenAt: Timestamp.now() });
    await db.doc('staffMembers/ada@firstday.studio').set({ seenAt: Timestamp.now() });
    await db.doc('users/CyOwnsThisRequest00').set({ name: 'Lin', owner: 'cy@example.com' });

    const { stdout } = await staff('revoke', 'cy@example.com');
    expect(stdout).toContain('no longer staff');
    // Off the roster the rules read: the next read or write of any open session is refused.
    expect((await access.get()).exists).toBe(false);
    // Off the owner list (the rules then refuse them as a new owner); the lead keeps its owner.
    expect(stdout).toContain("taken off the inbox's owner list");
    expect((await db.doc('staffMembers/cy@example.com').get()).exists).toBe(false);
    expect((await db.doc('staffMembers/ada@firstday.studio').get()).exists).toBe(true);
    expect((await db.doc('users/CyOwnsThisRequest00').get()).get('owner')).toBe('cy@example.com');
    // Again: nothing left to take off, and it says so.
    expect((await staff('revoke', 'cy@example.com')).stdout).toContain(
      "was not on the inbox's owner list",
    );
    const after = await claimsAfterSignIn('cy@example.com', 'a-long-password');
    expect(after).not.toHaveProperty('staff');
    expect(after).toMatchObject({ team: 'design' });
    expect((await staff('list')).stdout).toContain('No staff accounts');
  });

  it('says what to do for an address without an account', async () => {
    await expect(staff('grant', 'nobody@example.com')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('npm run staff -- add nobody@example.com'),
    });
  });

  it('refuses add on a real project and bad input as usage errors', async () => {
    await expect(
      run(process.execPath, [cli, 'add', 'a@b.co', '--project', 'firstday-prod']),
    ).rejects.toMatchObject({ code: 2 });
    await expect(staff('grant', 'not-an-address')).rejects.toMatchObject({ code: 2 });
    await expect(staff('promote', 'a@b.co')).rejects.toMatchObject({ code: 2 });
    await expect(staff('add', 'a@b.co', '--password', 'short')).rejects.toMatchObject({ code: 2 });
  });

  it('says clearly when no Auth emulator answers', async () => {
    const port = await deadPort();
    await expect(
      run(process.execPath, [cli, 'list', '--emulator', `127.0.0.1:${port}`]),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`No Auth emulator answers at 127.0.0.1:${port}`),
    });
  });
});
