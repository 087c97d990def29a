import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  serverTimestamp,
  setDoc,
  setLogLevel,
  Timestamp,
  updateDoc,
} from 'firebase/firestore';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { contactLimits } from 'remote-shared/content';
import { emulatorAddress } from '../support/emulator';

// Its own project, so these tests never see the writer tests' documents.
const projectId = 'demo-rules-test';
let env: RulesTestEnvironment;

beforeAll(async () => {
  // Denials are the point of most tests; the SDK would log each one as a warning.
  setLogLevel('silent');
  env = await initializeTestEnvironment({
    projectId,
    firestore: {
      ...emulatorAddress(),
      rules: readFileSync(path.join(__dirname, '../../firestore.rules'), 'utf8'),
    },
  });
});

afterEach(() => env.clearFirestore());
afterAll(() => env.cleanup());

const visitor = () => env.unauthenticatedContext().firestore();
const staff = () => env.authenticatedContext('staff-member', { staff: true }).firestore();

function valid(): Record<string, unknown> {
  return {
    name: 'Ada Lovelace',
    phone: '442079460000',
    email: 'ada@example.com',
    company: 'Analytical Engines Ltd',
    message: 'We need a new website.',
    createdAt: serverTimestamp(),
  };
}

function without(key: string): Record<string, unknown> {
  const data = valid();
  delete data[key];
  return data;
}

async function create(data: Record<string, unknown>, id = 'request-1') {
  return setDoc(doc(visitor(), 'users', id), data);
}

/** A stored request, written past the rules as a real create would have left it. */
async function seed(id = 'stored-1') {
  await env.withSecurityRulesDisabled(async (context) => {
    await setDoc(doc(context.firestore(), 'users', id), valid());
  });
}

describe('creating a contact request (users/{id})', () => {
  it('allows a valid request from anyone', async () => {
    await assertSucceeds(create(valid()));
  });

  it('allows an empty message', async () => {
    await assertSucceeds(create({ ...valid(), message: '' }));
  });

  it('allows every field at exactly its limit', async () => {
    await assertSucceeds(
      create({
        ...valid(),
        name: 'n'.repeat(contactLimits.name),
        phone: '1'.repeat(contactLimits.phone),
        email: `${'e'.repeat(contactLimits.email - 12)}@example.com`,
        company: 'c'.repeat(contactLimits.company),
        message: 'm'.repeat(contactLimits.message),
      }),
    );
  });

  it('counts length as the form does (UTF-16 units): 50 emoji fit a name, 51 do not', async () => {
    await assertSucceeds(create({ ...valid(), name: '🎨'.repeat(50) }, 'emoji-ok'));
    await assertFails(create({ ...valid(), name: '🎨'.repeat(51) }, 'emoji-long'));
  });

  it('stores markup, right-to-left and non-Latin text as plain strings', async () => {
    await assertSucceeds(
      create({
        ...valid(),
        name: '<script>alert(1)</script>',
        company: 'شركة الاختبار',
        message: '"=HYPERLINK(""http://x"")", 日本語, \n<img src=x onerror=alert(1)>',
      }),
    );
  });

  it.each(['name', 'phone', 'email', 'company', 'message', 'createdAt'])(
    'denies a request without %s',
    async (key) => {
      await assertFails(create(without(key)));
    },
  );

  it('denies an extra field', async () => {
    await assertFails(create({ ...valid(), isAdmin: true }));
  });

  it.each([
    ['name', 42],
    ['phone', 442079460000],
    ['email', ['ada@example.com']],
    ['company', null],
    ['message', { text: 'hi' }],
    ['createdAt', '2020-01-01T00:00:00Z'],
  ])('denies a wrong type for %s', async (key, value) => {
    await assertFails(create({ ...valid(), [key]: value }));
  });

  it.each([
    ['name', 'n'.repeat(contactLimits.name + 1)],
    ['phone', '1'.repeat(contactLimits.phone + 1)],
    ['email', `${'e'.repeat(contactLimits.email - 11)}@example.com`],
    ['company', 'c'.repeat(contactLimits.company + 1)],
    ['message', 'm'.repeat(contactLimits.message + 1)],
  ])('denies an over-long %s', async (key, value) => {
    await assertFails(create({ ...valid(), [key]: value }));
  });

  it.each([
    ['name', ''],
    ['name', '   '],
    ['phone', ''],
    ['phone', '+44 20 7946'],
    ['email', ''],
    ['email', 'not-an-email'],
    ['company', ''],
  ])('denies %s = %j', async (key, value) => {
    await assertFails(create({ ...valid(), [key]: value }));
  });

  it('denies a spoofed createdAt (a client-chosen time)', async () => {
    await assertFails(create({ ...valid(), createdAt: Timestamp.fromDate(new Date(2020, 0, 1)) }));
    await assertFails(create({ ...valid(), createdAt: Timestamp.now() }));
  });
});

describe('stored requests', () => {
  beforeEach(() => seed());

  it('cannot be updated by a visitor', async () => {
    await assertFails(updateDoc(doc(visitor(), 'users', 'stored-1'), { name: 'Changed' }));
  });

  it('cannot be overwritten with a valid request (set on an existing id is an update)', async () => {
    await assertFails(create(valid(), 'stored-1'));
  });

  it('cannot be updated even by staff', async () => {
    await assertFails(updateDoc(doc(staff(), 'users', 'stored-1'), { name: 'Changed' }));
  });

  it('cannot be deleted', async () => {
    await assertFails(deleteDoc(doc(visitor(), 'users', 'stored-1')));
    await assertFails(deleteDoc(doc(staff(), 'users', 'stored-1')));
  });

  it('cannot be read by the public', async () => {
    await assertFails(getDoc(doc(visitor(), 'users', 'stored-1')));
    await assertFails(getDocs(collection(visitor(), 'users')));
  });

  it('cannot be read by a signed-in user without the staff claim', async () => {
    const user = env.authenticatedContext('someone', { staff: false }).firestore();
    await assertFails(getDoc(doc(user, 'users', 'stored-1')));
    const plain = env.authenticatedContext('plain').firestore();
    await assertFails(getDocs(collection(plain, 'users')));
  });

  it('can be read and listed by staff', async () => {
    const snapshot = await assertSucceeds(getDoc(doc(staff(), 'users', 'stored-1')));
    expect(snapshot.data()?.name).toBe('Ada Lovelace');
    const list = await assertSucceeds(getDocs(collection(staff(), 'users')));
    expect(list.size).toBe(1);
  });
});

describe('everything else', () => {
  it('denies writes to another collection', async () => {
    await assertFails(setDoc(doc(visitor(), 'messages', 'x'), valid()));
    await assertFails(setDoc(doc(staff(), 'admins', 'me'), { role: 'admin' }));
  });

  it('denies writes to a sub-collection of a request', async () => {
    await seed();
    await assertFails(setDoc(doc(visitor(), 'users', 'stored-1', 'notes', 'n'), valid()));
  });

  it('denies reads of another collection, even to staff', async () => {
    await assertFails(getDoc(doc(staff(), 'settings', 'site')));
  });
});
