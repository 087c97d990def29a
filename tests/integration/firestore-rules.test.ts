import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import * as firestoreSdk from 'firebase/firestore';
import {
  collection,
  deleteDoc,
  deleteField,
  doc,
  getDoc,
  getDocs,
  serverTimestamp,
  setDoc,
  setLogLevel,
  Timestamp,
  updateDoc,
  writeBatch,
} from 'firebase/firestore';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeContactRequest } from '../../platform/contact-request/contact-request.cjs';
import {
  collections,
  clientIntervalSeconds,
  contextFieldNames,
  contextFields,
  documentIdPattern,
  historyArchive,
  historyKey,
  leadLimits,
  maxFormSeconds,
  staffSpamReasons,
  statuses,
} from '../../platform/contact-request/contact-schema.cjs';
import { contactLimits, fieldPatterns } from '../../remote-contact/src/contact/form/contact-limits';
import { normalizeContactValues } from '../../platform/contact-request/contact-values.cjs';
import { validateContact } from '../../remote-contact/src/contact/form/validation';
import { newDocumentId } from '../../remote-contact/src/firebase/document-id';
import { deleteLead, saveLeadChange } from '../../remote-contact/src/staff/lead-change';
import { emulatorAddress } from '../support/emulators/firestore';
import { rulesLiteral } from '../../tools/rules/rules-file.cjs';

// Its own project, so these tests never see the writer tests' documents.
const projectId = 'demo-rules-test';
const rulesText = readFileSync(path.join(__dirname, '../../firestore.rules'), 'utf8');
let env: RulesTestEnvironment;

beforeAll(async () => {
  // Denials are the point of most tests; the SDK would log each one as a warning.
  setLogLevel('silent');
  env = await initializeTestEnvironment({
    projectId,
    firestore: {
      ...emulatorAddress(),
      rules: rulesText,
    },
  });
});

afterEach(() => env.clearFirestore());
afterAll(() => env.cleanup());

/**
 * Puts accounts on the staff roster the rules read, as `npm run staff -- add|grant` does: under
 * the address the admin granted (here uid@firstday.studio), the name an unverified account's
 * changes are recorded under.
 */
async function grantAccess(...uids: string[]) {
  await env.withSecurityRulesDisabled(async (context) => {
    for (const uid of uids) {
      await setDoc(doc(context.firestore(), 'staffAccess', uid), {
        email: `${uid}@firstday.studio`,
        grantedAt: serverTimestamp(),
      });
    }
  });
}

/** What `npm run staff -- revoke` does to the roster: the entry goes (the claim may linger). */
async function revokeAccess(uid: string) {
  await env.withSecurityRulesDisabled(async (context) => {
    await deleteDoc(doc(context.firestore(), 'staffAccess', uid));
  });
}

// The accounts below that carry the staff claim are on the roster unless a test revokes them.
beforeEach(() => grantAccess('staff-member', 'ada', 'bo'));

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

let clients = 0;
/** A signed-in (anonymous) visitor: a new client each time unless a uid is given. */
const client = (uid = `client-${++clients}`) => env.authenticatedContext(uid).firestore();

/** What the writer sends: the request and the client's record naming it, in one commit. */
async function createAs(
  db: ReturnType<typeof client>,
  uid: string,
  data: Record<string, unknown>,
  id: string,
) {
  const batch = writeBatch(db);
  batch.set(doc(db, collections.requests, id), data);
  batch.set(doc(db, 'clients', uid), { request: id, last: serverTimestamp() });
  return batch.commit();
}

/** A create as the writer makes it, by a client of its own (so the interval never interferes). */
async function create(data: Record<string, unknown>, id = newDocumentId()) {
  const uid = `client-${++clients}`;
  return createAs(client(uid), uid, data, id);
}

/** The id of the request seed() stores: the shape the writer makes. */
const storedId = 'StoredRequest0000001';

/** A stored request, written past the rules as a real create would have left it. */
async function seed(id = storedId) {
  await env.withSecurityRulesDisabled(async (context) => {
    await setDoc(doc(context.firestore(), collections.requests, id), valid());
  });
}

describe('the rules and the form share one definition (contact-schema.cjs)', () => {
  it.each(Object.keys(contactLimits) as (keyof typeof contactLimits)[])(
    "checks %s with exactly the form's limit and pattern",
    (field) => {
      const check = `text(data.${field}, ${contactLimits[field]}, ${rulesLiteral(fieldPatterns[field])})`;
      expect(rulesText).toContain(check);
    },
  );

  it.each(contextFieldNames)('checks the context field %s with its limit and pattern', (field) => {
    const { max, pattern } = contextFields[field];
    expect(rulesText).toContain(`optionalText(data, '${field}', ${max}, ${rulesLiteral(pattern)})`);
  });

  it("a lead's note and history limits and statuses are the decoder's", () => {
    expect(rulesText).toContain(`text(data.note, ${leadLimits.note},`);
    expect(rulesText).toContain(`old.size() < ${leadLimits.history}`);
    expect(rulesText).toContain(`data.status in [${statuses.map((s) => `'${s}'`).join(', ')}]`);
    expect(historyKey(0)).toBe('c1000');
    expect(rulesText).toContain("let key = 'c' + string(1000 + count);");
    expect(rulesText).toContain(`match /users/{id}/${historyArchive}/{key}`);
  });

  it('the longest form time is the one the function knows', () => {
    expect(rulesText).toContain(`data.formSeconds <= ${maxFormSeconds}`);
  });

  it('the per-client interval is the one the writer knows', () => {
    expect(rulesText).toContain(
      `resource.data.last + duration.value(${clientIntervalSeconds}, 's')`,
    );
  });

  it("accepts only document ids of the writer's shape", () => {
    expect(rulesText).toContain(`id.matches(${rulesLiteral(documentIdPattern)})`);
  });

  // What a visitor might type (or paste) into each field. The form stores the trimmed value;
  // the rules must accept exactly the values the form would send.
  const samples: Record<keyof typeof contactLimits, string[]> = {
    name: [
      'Ada',
      'Zoë Ørsted-Łukasiewicz',
      '李小龍',
      'محمد',
      '👩‍💻 Ada',
      'Ada\u00a0Lovelace',
      '\u00a0',
      '\u200b',
      '\u2028',
      '\u3000',
      '\u0085',
      '\ufeff\u200b\u00a0',
      '\u0000',
      '\u001b',
      'Ada\u0000Lovelace',
      'Ada\u001b[31m',
      'Ada\nLovelace',
      '\u0001',
      // Bidi controls: an override, an isolate, the marks; the joiner inside an emoji stays.
      'Ada\u202eecalevoL',
      'Ada\u2066x\u2069',
      'Ada\u200fLovelace',
      'Ada\u061cLovelace',
      '👨‍👩‍👧 Family',
      '<script>alert(1)</script>',
    ],
    phone: ['0', '442079460000', '1'.repeat(20), '1'.repeat(21), '+44', '٤٤٢'],
    email: [
      'ada@example.com',
      "o'brien+tag@mail.example.co.uk",
      'o.brien+tag@mail.example.co.uk',
      'victim%40realcorp.example?bcc=spy%40evil.example&subject=Hi@b.co',
      'a?cc=x@b.co',
      'a#x@b.co',
      'a/b@b.co',
      '"a"@b.co',
      '.ada@example.com',
      'ada.@example.com',
      'a..da@example.com',
      '<script>@x.io',
      'ada@localhost',
      'a da@example.com',
      'ada@exa_mple.com',
      'ädä@example.com',
      'ada@example.com\u0000',
      `${'e'.repeat(contactLimits.email - 12)}@example.com`,
      `${'e'.repeat(contactLimits.email - 11)}@example.com`,
    ],
    company: [
      'X',
      'Analytical Engines Ltd',
      '\u3000\u3000',
      'Acme\u0000',
      'A\u0007B',
      'Acme\u202aCorp',
    ],
    message: [
      '',
      'Hello',
      'Line one\nLine two\r\n\tindented',
      '\u200b\u200b',
      'Hi\u0000there',
      'Hi\u001b[2Jthere',
      'Hi\u0085there',
      '🚀'.repeat(2500),
      '🚀'.repeat(2501),
      'Hello\u202e dlrow',
      'Hello\u2067there\u2069',
      'Kiss 👩‍❤️‍💋‍👨\nBye',
    ],
  };
  const label = (value: string) =>
    value.length > 40
      ? `${JSON.stringify(value.slice(0, 6))}… (${value.length} units)`
      : JSON.stringify(value);
  const cases = Object.entries(samples).flatMap(([field, values]) =>
    values.map((value) => [field as keyof typeof contactLimits, label(value), value] as const),
  );

  it.each(cases)('%s %s: the rules decide as the form does', async (field, _label, raw) => {
    const valid = {
      name: 'Ada Lovelace',
      phone: '442079460000',
      email: 'ada@example.com',
      company: 'Analytical Engines Ltd',
      message: '',
    };
    const values = { ...valid, [field]: raw };
    const formAccepts = validateContact(values)[field] === undefined;
    const sent = normalizeContactValues(values);
    const write = create({ ...sent, createdAt: serverTimestamp() });
    if (formAccepts) await assertSucceeds(write);
    else await assertFails(write);
  });
});

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
    await assertSucceeds(create({ ...valid(), name: '🎨'.repeat(50) }));
    await assertFails(create({ ...valid(), name: '🎨'.repeat(51) }));
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

  const context = {
    page: '/contact',
    referrer: 'https://dribbble.com',
    utmSource: 'dribbble',
    utmMedium: 'social',
    utmCampaign: 'autumn 2026',
    utmTerm: 'web design',
    utmContent: 'hero-link',
    language: 'en-GB',
  };

  it('allows every context field, each optional', async () => {
    await assertSucceeds(create({ ...valid(), ...context }));
    for (const [key, value] of Object.entries(context)) {
      await assertSucceeds(create({ ...valid(), [key]: value }));
    }
  });

  it.each(contextFieldNames)(
    'allows %s at exactly its limit, denies it one over',
    async (field) => {
      const { max } = contextFields[field];
      const sample =
        {
          page: (n: number) => `/${'a'.repeat(n - 1)}`,
          referrer: (n: number) => `https://${'a'.repeat(n - 12)}.com`,
          // A valid tag of 35 and of 36 characters (segments of at most 8).
          language: (n: number) =>
            n === 35
              ? 'aaaaaaaa-abcdefgh-abcdefgh-abcdefgh'
              : 'aaaaaaa-abcdefgh-abcdefgh-abcdefgh-a',
        }[field as 'page' | 'referrer' | 'language'] ?? ((n: number) => 'x'.repeat(n));
      expect(sample(max)).toHaveLength(max);
      await assertSucceeds(create({ ...valid(), [field]: sample(max) }));
      await assertFails(create({ ...valid(), [field]: sample(max + 1) }));
    },
  );

  it.each(contextFieldNames)('denies %s of the wrong type or shape', async (field) => {
    for (const value of [42, true, null, ['x'], { x: 'y' }, '', ' padded ', 'a\u202eb', 'a\nb']) {
      await assertFails(create({ ...valid(), [field]: value }));
    }
  });

  it('denies a referrer with a path, a page with a query of other characters, a made-up language', async () => {
    for (const [field, value] of [
      ['referrer', 'https://evil.example/path?q=1'],
      ['referrer', 'javascript:alert(1)'],
      ['page', 'contact'],
      ['page', '/contact é'],
      ['language', 'en_GB'],
      ['language', 'en-GB; q=1'],
    ]) {
      await assertFails(create({ ...valid(), [field as string]: value }));
    }
  });

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
    // Invisible only: no-break space, zero-width space, line separator, ideographic space, NEL.
    ['name', '\u00a0'],
    ['name', '\u200b'],
    ['name', '\u2028'],
    ['name', '\u3000'],
    ['name', '\u0085'],
    ['company', '\u00a0\u200b\u2028\u3000\u0085'],
    // Control characters: NUL and ESC (a terminal escape sequence), alone or inside.
    ['name', '\u0000'],
    ['name', 'Ada\u001b[2J'],
    ['company', 'Acme\u0000Corp'],
    ['message', 'Hello\u001b[31m red'],
    ['message', '\u0000'],
    // Not trimmed as the form trims.
    ['name', ' Ada'],
    ['company', 'Acme\u00a0'],
    ['message', '\nHello'],
    // Emails the form refuses.
    ['email', '<script>@x.io'],
    ['email', 'ada@localhost'],
    ['email', 'ada@example.com\n'],
  ])('denies %s = %j', async (key, value) => {
    await assertFails(create({ ...valid(), [key]: value }));
  });

  it.each([
    ['a word', 'request-1'],
    ['spaces', 'AAAAAAAAAA AAAAAAAAA'],
    ['an emoji', 'AAAAAAAAAAAAAAAAAA🎨'],
    ['1,400 bytes', 'A'.repeat(1400)],
    ['19 characters', 'A'.repeat(19)],
    ['21 characters', 'A'.repeat(21)],
    ['a dash', 'AAAAAAAAAA-AAAAAAAAA'],
  ])('denies a document id with %s', async (_what, id) => {
    await assertFails(create(valid(), id));
  });

  it('accepts the ids the writer makes', async () => {
    for (let i = 0; i < 5; i += 1) await assertSucceeds(create(valid(), newDocumentId()));
  });

  it('denies a spoofed createdAt (a client-chosen time)', async () => {
    await assertFails(create({ ...valid(), createdAt: Timestamp.fromDate(new Date(2020, 0, 1)) }));
    await assertFails(create({ ...valid(), createdAt: Timestamp.now() }));
  });
});

describe('the per-client ceiling: one request per client per interval', () => {
  const uid = 'visitor-1';

  /** The client's record as the admin SDK would leave it, `agoSeconds` before now. */
  async function seedClient(agoSeconds: number, request = storedId) {
    await env.withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(context.firestore(), 'clients', uid), {
        request,
        last: Timestamp.fromMillis(Date.now() - agoSeconds * 1000),
      });
    });
  }

  it('refuses a create without sign-in', async () => {
    await assertFails(setDoc(doc(visitor(), collections.requests, newDocumentId()), valid()));
    const db = visitor();
    const batch = writeBatch(db);
    const id = newDocumentId();
    batch.set(doc(db, collections.requests, id), valid());
    batch.set(doc(db, 'clients', 'anyone'), { request: id, last: serverTimestamp() });
    await assertFails(batch.commit());
  });

  it("refuses a signed-in create without the client's record in the same commit", async () => {
    await assertFails(setDoc(doc(client(uid), collections.requests, newDocumentId()), valid()));
  });

  it('allows the first request of a client, with its record', async () => {
    await assertSucceeds(createAs(client(uid), uid, valid(), newDocumentId()));
  });

  it('refuses a second request within the interval, allows one after it', async () => {
    await assertSucceeds(createAs(client(uid), uid, valid(), newDocumentId()));
    await assertFails(createAs(client(uid), uid, valid(), newDocumentId()));
    // The interval without waiting: the record says the last request was long enough ago.
    await seedClient(clientIntervalSeconds - 5);
    await assertFails(createAs(client(uid), uid, valid(), newDocumentId()));
    await seedClient(clientIntervalSeconds + 1);
    await assertSucceeds(createAs(client(uid), uid, valid(), newDocumentId()));
  });

  it('refuses a batch of several creates, whole', async () => {
    const db = client(uid);
    // Without a record, as one commit of many requests was stored before.
    const plain = writeBatch(db);
    for (let i = 0; i < 5; i += 1)
      plain.set(doc(db, collections.requests, newDocumentId()), valid());
    await assertFails(plain.commit());
    // With a record naming one of them.
    const batch = writeBatch(db);
    const ids = Array.from({ length: 5 }, () => newDocumentId());
    for (const id of ids) batch.set(doc(db, collections.requests, id), valid());
    batch.set(doc(db, 'clients', uid), { request: ids[0], last: serverTimestamp() });
    await assertFails(batch.commit());
    let count = 0;
    await env.withSecurityRulesDisabled(async (context) => {
      count = (await getDocs(collection(context.firestore(), collections.requests))).size;
    });
    expect(count).toBe(0);
  });

  it("refuses a record in another client's name, or one that names another request", async () => {
    const id = newDocumentId();
    const db = client(uid);
    const batch = writeBatch(db);
    batch.set(doc(db, collections.requests, id), valid());
    batch.set(doc(db, 'clients', 'someone-else'), { request: id, last: serverTimestamp() });
    await assertFails(batch.commit());
    const other = writeBatch(db);
    other.set(doc(db, collections.requests, id), valid());
    other.set(doc(db, 'clients', uid), { request: newDocumentId(), last: serverTimestamp() });
    await assertFails(other.commit());
  });

  it('refuses a record with a chosen time, extra keys, or without a request beside it', async () => {
    const db = client(uid);
    const id = newDocumentId();
    const withRecord = async (record: Record<string, unknown>) => {
      const batch = writeBatch(db);
      batch.set(doc(db, collections.requests, id), valid());
      batch.set(doc(db, 'clients', uid), record);
      return batch.commit();
    };
    await assertFails(withRecord({ request: id, last: Timestamp.fromMillis(0) }));
    await assertFails(withRecord({ request: id, last: serverTimestamp(), count: 0 }));
    await assertFails(withRecord({ request: id }));
    // The record alone, naming a request that is not being created.
    await assertFails(setDoc(doc(db, 'clients', uid), { request: id, last: serverTimestamp() }));
  });

  it('lets a client read its own record, and no one else', async () => {
    await seedClient(10);
    const own = await assertSucceeds(getDoc(doc(client(uid), 'clients', uid)));
    expect(own.data()?.request).toBe(storedId);
    await assertFails(getDoc(doc(client('other'), 'clients', uid)));
    await assertFails(getDoc(doc(visitor(), 'clients', uid)));
    await assertFails(getDocs(collection(client(uid), 'clients')));
    await assertFails(getDoc(doc(staff(), 'clients', uid)));
  });

  it('never lets a client delete its record (which would reset the interval)', async () => {
    await seedClient(10);
    await assertFails(deleteDoc(doc(client(uid), 'clients', uid)));
  });
});

describe('email addresses and characters the rules refuse', () => {
  it.each([
    'victim%40realcorp.example?bcc=spy%40evil.example&subject=Hi@b.co',
    'a?bcc=spy@evil.example',
    'a&subject=x@b.co',
    'a=b@b.co',
    'a#frag@b.co',
    'a/b@b.co',
    '"quoted"@b.co',
    "o'brien@b.co",
    '.ada@b.co',
    'ada.@b.co',
    'a..b@b.co',
  ])('refuses the address %j', async (email) => {
    await assertSucceeds(create(valid())); // the same create with a plain address passes
    await assertFails(create({ ...valid(), email }));
  });

  it.each([
    ['name', 'Ada \u202egnp.exe'],
    ['name', 'Ada\u2066Lovelace\u2069'],
    ['company', 'Acme\u202dCorp'],
    ['company', 'Acme\u200eCorp'],
    ['message', 'Hello \u202b there'],
    ['message', 'Hello \u061c there'],
  ])('refuses a bidi control in %s: %j', async (field, value) => {
    await assertSucceeds(create({ ...valid(), [field]: value.replace(/[^ -~]/g, '') }));
    await assertFails(create({ ...valid(), [field]: value }));
  });

  it('accepts the joiner inside an emoji, in every text field', async () => {
    await assertSucceeds(
      create({ ...valid(), name: 'Ada 👩‍💻', company: '👨‍👩‍👧 Co', message: 'Hi 🏳️‍🌈' }),
    );
  });
});

describe('stored requests', () => {
  beforeEach(() => seed());

  it('cannot be updated by a visitor', async () => {
    await assertFails(
      updateDoc(doc(visitor(), collections.requests, storedId), { name: 'Changed' }),
    );
  });

  it('cannot be overwritten with a valid request (set on an existing id is an update)', async () => {
    await assertFails(create(valid(), storedId));
  });

  it('cannot have its content changed by staff', async () => {
    await assertFails(updateDoc(doc(staff(), collections.requests, storedId), { name: 'Changed' }));
    await assertFails(
      updateDoc(doc(staff(), collections.requests, storedId), {
        status: 'answered',
        answeredAt: serverTimestamp(),
        message: 'Changed',
      }),
    );
    await assertFails(
      setDoc(doc(staff(), collections.requests, storedId), { ...valid(), status: 'answered' }),
    );
  });

  it('cannot be deleted by a visitor or a signed-in user without the claim', async () => {
    await assertFails(deleteDoc(doc(visitor(), collections.requests, storedId)));
    const user = env.authenticatedContext('someone', { staff: false }).firestore();
    await assertFails(deleteDoc(doc(user, collections.requests, storedId)));
  });

  it('cannot be read by the public', async () => {
    await assertFails(getDoc(doc(visitor(), collections.requests, storedId)));
    await assertFails(getDocs(collection(visitor(), collections.requests)));
  });

  it('cannot be read by a signed-in user without the staff claim', async () => {
    const user = env.authenticatedContext('someone', { staff: false }).firestore();
    await assertFails(getDoc(doc(user, collections.requests, storedId)));
    const plain = env.authenticatedContext('plain').firestore();
    await assertFails(getDocs(collection(plain, collections.requests)));
  });

  it('can be read and listed by staff', async () => {
    const snapshot = await assertSucceeds(getDoc(doc(staff(), collections.requests, storedId)));
    expect(snapshot.data()?.name).toBe('Ada Lovelace');
    const list = await assertSucceeds(getDocs(collection(staff(), collections.requests)));
    expect(list.size).toBe(1);
  });
});

describe('suspected spam: the browser reports, the function judges, staff rescue', () => {
  it('lets a browser report the honeypot and the time the form took, in a narrow shape', async () => {
    await assertSucceeds(create({ ...valid(), honeypot: true, formSeconds: 1 }));
    await assertSucceeds(create({ ...valid(), formSeconds: 0 }));
    await assertSucceeds(create({ ...valid(), formSeconds: maxFormSeconds }));
    for (const [key, value] of [
      ['honeypot', false],
      ['honeypot', 'filled'],
      ['honeypot', 1],
      ['formSeconds', -1],
      ['formSeconds', maxFormSeconds + 1],
      ['formSeconds', 2.5],
      ['formSeconds', '3'],
    ] as const) {
      await assertFails(create({ ...valid(), [key]: value }));
    }
  });

  it.each([
    ['spam', true],
    ['spam', false],
    ['spamScore', 0],
    ['spamReasons', []],
    ['rescuedAt', serverTimestamp()],
  ])('denies a browser writing the verdict %s itself', async (key, value) => {
    await assertFails(create({ ...valid(), [key]: value }));
  });

  async function storedSpam(spam = true) {
    await env.withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(context.firestore(), collections.requests, storedId), {
        ...valid(),
        spam,
        spamScore: 3,
        spamReasons: ['honeypot'],
      });
    });
    return doc(staff(), collections.requests, storedId);
  }

  /** "Not spam" as the inbox writes it: the flag, the time and the next history entry. */
  const rescue = (by = 'ada@firstday.studio') => ({
    spam: false,
    rescuedAt: serverTimestamp(),
    historyCount: 1,
    'history.c1000': { at: serverTimestamp(), by, uid: 'ada', field: 'spam', to: 'not-spam' },
  });
  const staffAda = () =>
    env
      .authenticatedContext('ada', {
        staff: true,
        email: 'ada@firstday.studio',
        email_verified: true,
      })
      .firestore();

  it('lets staff mark suspected spam "not spam", at the server time, in its history, and nothing else', async () => {
    await storedSpam();
    const ref = doc(staffAda(), collections.requests, storedId);
    await assertFails(updateDoc(ref, { spam: false }));
    await assertFails(updateDoc(ref, { spam: false, rescuedAt: serverTimestamp() }));
    await assertFails(updateDoc(ref, { ...rescue(), rescuedAt: Timestamp.fromMillis(0) }));
    await assertFails(updateDoc(ref, { ...rescue(), name: 'x' }));
    await assertFails(updateDoc(ref, { ...rescue(), spamScore: 0 }));
    await assertFails(updateDoc(ref, rescue('someone@else.example')));
    await assertSucceeds(updateDoc(ref, rescue()));
  });

  /** "Mark as spam" as the inbox writes it: the flag, the reason, the time, the history entry. */
  const mark = (reason: string = staffSpamReasons[0], by = 'ada@firstday.studio') => ({
    spam: true,
    spamReasons: [reason],
    markedSpamAt: serverTimestamp(),
    historyCount: 1,
    'history.c1000': { at: serverTimestamp(), by, uid: 'ada', field: 'spam', to: reason },
  });

  it('lets staff mark a request spam with a reason, in its history, and undo it with "not spam"', async () => {
    await storedSpam(false);
    const ref = doc(staffAda(), collections.requests, storedId);
    await assertFails(updateDoc(ref, { spam: true }));
    await assertFails(updateDoc(ref, { ...mark(), spamReasons: ['because'] }));
    await assertFails(updateDoc(ref, { ...mark(), spamReasons: [] }));
    await assertFails(updateDoc(ref, { ...mark(), markedSpamAt: Timestamp.fromMillis(0) }));
    await assertFails(updateDoc(ref, { ...mark(), spamScore: 9 }));
    await assertFails(updateDoc(ref, { ...mark(), status: 'lost' }));
    await assertFails(updateDoc(ref, mark(staffSpamReasons[0], 'someone@else.example')));
    // The history entry's value is the reason itself.
    await assertFails(
      updateDoc(ref, {
        ...mark(staffSpamReasons[1]),
        'history.c1000': {
          at: serverTimestamp(),
          by: 'ada@firstday.studio',
          uid: 'ada',
          field: 'spam',
          to: staffSpamReasons[0],
        },
      }),
    );
    await assertSucceeds(updateDoc(ref, mark(staffSpamReasons[1])));
    // Marked twice is refused (it is spam already); undone with "not spam", the next entry.
    await assertFails(updateDoc(ref, mark()));
    await assertSucceeds(
      updateDoc(ref, {
        spam: false,
        rescuedAt: serverTimestamp(),
        historyCount: 2,
        'history.c1001': {
          at: serverTimestamp(),
          by: 'ada@firstday.studio',
          uid: 'ada',
          field: 'spam',
          to: 'not-spam',
        },
      }),
    );
  });

  it('lets no one but staff mark a request spam', async () => {
    await storedSpam(false);
    for (const db of [
      visitor(),
      client('someone'),
      env
        .authenticatedContext('ada', { email: 'ada@firstday.studio', email_verified: true })
        .firestore(),
    ]) {
      await assertFails(updateDoc(doc(db, collections.requests, storedId), mark()));
    }
    // The claim without the roster entry (revoked) is refused too.
    await revokeAccess('ada');
    await assertFails(updateDoc(doc(staffAda(), collections.requests, storedId), mark()));
  });

  it('never lets anyone mark a request spam without a reason, or rescue one that is not suspected', async () => {
    await assertFails(updateDoc(await storedSpam(false), { spam: true }));
    await env.clearFirestore();
    await grantAccess('staff-member', 'ada', 'bo');
    await seed();
    await assertFails(updateDoc(doc(staffAda(), collections.requests, storedId), rescue()));
    const ref = await storedSpam();
    await assertFails(updateDoc(doc(client('someone'), collections.requests, storedId), rescue()));
    await assertSucceeds(getDoc(ref));
  });
});

describe("staff: a lead's life (status, owner, note, history) and deleting", () => {
  beforeEach(() => seed());

  const ada = 'ada@firstday.studio';
  const bo = 'bo@firstday.studio';
  /** A staff member with an address in their token, as every staff sign-in has. */
  const member = (email = ada) =>
    env
      .authenticatedContext(email.split('@')[0]!, { staff: true, email, email_verified: true })
      .firestore();
  const ref = (db = member()) => doc(db, collections.requests, storedId);
  /** One change, as the inbox writes it: the field, the next history entry and the new count. */
  const change = (
    field: 'status' | 'owner' | 'note',
    to: string,
    { key = historyKey(0), by = ada, at = serverTimestamp() as unknown, uid = '' } = {},
  ) => ({
    [field]: to,
    historyCount: Number(key.slice(1)) - 1000 + 1,
    [`history.${key}`]: { at, by, uid: uid || by.split('@')[0], field, to },
  });

  async function stored() {
    let data: Record<string, unknown> | undefined;
    await env.withSecurityRulesDisabled(async (context) => {
      data = (await getDoc(doc(context.firestore(), collections.requests, storedId))).data();
    });
    return data;
  }

  /** Puts staff members on the roster, as opening the inbox does. */
  async function onRoster(...emails: string[]) {
    for (const email of emails) {
      await assertSucceeds(
        setDoc(doc(member(email), 'staffMembers', email), { seenAt: serverTimestamp() }),
      );
    }
  }

  it('staff move a lead through every status, each change in its history, by whom and when', async () => {
    let count = 0;
    for (const status of statuses) {
      if (status === 'new') continue;
      await assertSucceeds(updateDoc(ref(), change('status', status, { key: historyKey(count) })));
      count += 1;
    }
    await assertSucceeds(updateDoc(ref(), change('status', 'new', { key: historyKey(count) })));
    const decoded = decodeContactRequest(storedId, await stored());
    expect(decoded.status).toBe('new');
    expect(decoded.history.map((entry) => [entry.by, entry.to])).toEqual([
      [ada, 'replied'],
      [ada, 'in-talks'],
      [ada, 'won'],
      [ada, 'lost'],
      [ada, 'new'],
    ]);
    expect(decoded.name).toBe('Ada Lovelace');
  });

  it('staff keep an internal note, up to its limit, with line breaks', async () => {
    await assertSucceeds(updateDoc(ref(), change('note', 'Call back Monday.\nBudget: 20k')));
    await assertSucceeds(
      updateDoc(ref(), change('note', 'x'.repeat(leadLimits.note), { key: historyKey(1) })),
    );
    await assertFails(
      updateDoc(ref(), change('note', 'x'.repeat(leadLimits.note + 1), { key: historyKey(2) })),
    );
    await assertFails(updateDoc(ref(), change('note', 'bidi \u202e', { key: historyKey(2) })));
    await assertSucceeds(updateDoc(ref(), change('note', '', { key: historyKey(2) })));
  });

  it('staff give a lead to a staff member on the roster, or to nobody', async () => {
    await assertFails(updateDoc(ref(), change('owner', bo)));
    await onRoster(ada, bo);
    await assertSucceeds(updateDoc(ref(), change('owner', bo)));
    await assertSucceeds(updateDoc(ref(), change('owner', '', { key: historyKey(1) })));
    await assertFails(
      updateDoc(ref(), change('owner', 'someone@else.example', { key: historyKey(2) })),
    );
  });

  it('only the staff member themself joins the roster, at the server time', async () => {
    await assertFails(setDoc(doc(member(ada), 'staffMembers', bo), { seenAt: serverTimestamp() }));
    await assertFails(
      setDoc(doc(member(ada), 'staffMembers', ada), { seenAt: Timestamp.fromMillis(0) }),
    );
    await assertFails(
      setDoc(doc(member(ada), 'staffMembers', ada), { seenAt: serverTimestamp(), admin: true }),
    );
    const plain = env.authenticatedContext('eve', { email: 'eve@example.com' }).firestore();
    await assertFails(
      setDoc(doc(plain, 'staffMembers', 'eve@example.com'), { seenAt: serverTimestamp() }),
    );
    await assertFails(getDocs(collection(plain, 'staffMembers')));
    await onRoster(ada);
    await assertSucceeds(getDocs(collection(member(bo), 'staffMembers')));
  });

  it.each([
    ['no history entry', { status: 'won' }],
    ['an entry by someone else', change('status', 'won', { by: bo })],
    ['an entry at a chosen time', change('status', 'won', { at: Timestamp.now() })],
    ['an entry in the past', change('status', 'won', { at: Timestamp.fromMillis(0) })],
    [
      'an entry naming another value',
      {
        status: 'won',
        historyCount: 1,
        'history.c1000': {
          at: serverTimestamp(),
          by: ada,
          uid: 'ada',
          field: 'status',
          to: 'lost',
        },
      },
    ],
    [
      'an entry naming another field',
      {
        status: 'won',
        historyCount: 1,
        'history.c1000': { at: serverTimestamp(), by: ada, uid: 'ada', field: 'note', to: 'won' },
      },
    ],
    [
      'an entry with more keys',
      {
        status: 'won',
        historyCount: 1,
        'history.c1000': {
          at: serverTimestamp(),
          by: ada,
          uid: 'ada',
          field: 'status',
          to: 'won',
          spam: true,
        },
      },
    ],
    ['an entry in another account id', change('status', 'won', { uid: 'bo' })],
    [
      'an entry without the account id',
      {
        status: 'won',
        historyCount: 1,
        'history.c1000': { at: serverTimestamp(), by: ada, field: 'status', to: 'won' },
      },
    ],
    ['a count that does not move on by one', { ...change('status', 'won'), historyCount: 5 }],
    ['no count', { status: 'won', 'history.c1000': change('status', 'won')['history.c1000'] }],
    ['a key out of order', change('status', 'won', { key: historyKey(1) })],
    ['an unknown status', change('status', 'answered')],
    ['spam as a status', change('status', 'spam')],
    ['two fields at once', { ...change('status', 'won'), note: 'x' }],
    ['the message beside a change', { ...change('status', 'won'), message: 'Changed' }],
    ['createdAt', { createdAt: serverTimestamp() }],
  ])('staff may not change a lead with %s', async (_case, update) => {
    await assertFails(updateDoc(ref(), update));
  });

  it('the history is append-only: no entry is ever rewritten or removed', async () => {
    await assertSucceeds(updateDoc(ref(), change('status', 'replied')));
    // The same key again (what a second staff member working on stale data writes) is refused.
    await assertFails(updateDoc(ref(member(bo)), change('status', 'won', { by: bo })));
    await assertFails(
      updateDoc(ref(), { 'history.c1000': deleteField(), status: 'won', historyCount: 2 }),
    );
    await assertFails(updateDoc(ref(), { history: {}, status: 'new' }));
    await assertSucceeds(
      updateDoc(ref(member(bo)), change('status', 'won', { by: bo, key: historyKey(1) })),
    );
  });

  it('only staff may change a lead; a visitor never writes one into a request', async () => {
    await assertFails(updateDoc(ref(visitor()), change('status', 'won')));
    const user = env.authenticatedContext('someone', { staff: false, email: ada }).firestore();
    await assertFails(updateDoc(ref(user), change('status', 'won')));
    const plain = env.authenticatedContext('plain', { email: ada }).firestore();
    await assertFails(updateDoc(ref(plain), change('status', 'won')));
    for (const fields of [
      { status: 'won' },
      { status: 'new' },
      { note: 'VIP, answer first' },
      { owner: ada },
      { history: {} },
      { answeredAt: serverTimestamp() },
    ]) {
      await assertFails(create({ ...valid(), ...fields }));
    }
  });

  it('staff may delete a request', async () => {
    await assertSucceeds(deleteDoc(ref()));
    expect(await stored()).toBeUndefined();
  });

  /**
   * A context's database for the inbox's own functions: rules-unit-testing types it as the compat
   * Firestore, while at run time it is the modular one those functions take.
   */
  const modular = (db: ReturnType<typeof member>) => db as unknown as firestoreSdk.Firestore;

  /** A change as the inbox saves it (one transaction; see lead-change.ts). */
  const saveAs = (email: string, field: 'status' | 'owner' | 'note', to: string, verified = true) =>
    saveLeadChange(
      firestoreSdk,
      modular(member(email)),
      storedId,
      { field, to },
      // Unverified, the name is the roster's (here the same address, granted by an admin).
      {
        uid: email.split('@')[0]!,
        name: verified ? email : `${email.split('@')[0]!}@firstday.studio`,
      },
    );

  it('a lead with 250 changes still takes a change: the oldest entries move, unchanged, to its history subcollection', async () => {
    const total = 250;
    for (let n = 0; n < total; n += 1) {
      await saveAs(n % 2 ? ada : bo, 'status', statuses[n % statuses.length]!);
    }
    const data = await stored();
    expect(data?.historyCount).toBe(total);
    expect(Object.keys(data?.history as object)).toHaveLength(leadLimits.history);
    let archive: Array<{ id: string; data: Record<string, unknown> }> = [];
    await env.withSecurityRulesDisabled(async (context) => {
      const snapshot = await getDocs(
        collection(context.firestore(), collections.requests, storedId, historyArchive),
      );
      archive = snapshot.docs.map((entry) => ({ id: entry.id, data: entry.data() }));
    });
    expect(archive.map((entry) => entry.id).sort()).toEqual(
      Array.from({ length: total - leadLimits.history }, (_, n) => historyKey(n)),
    );
    expect(archive[0]?.data).toMatchObject({ by: bo, uid: 'bo', field: 'status', to: 'new' });
    // And it still takes a status change, by a staff member of its own.
    await assertSucceeds(saveAs(ada, 'status', 'won'));
  }, 120_000);

  it('an archived entry cannot be made up, rewritten or removed; it goes only with its request', async () => {
    for (let n = 0; n <= leadLimits.history; n += 1) await saveAs(ada, 'note', `note ${n}`);
    const entry = doc(member(), collections.requests, storedId, historyArchive, historyKey(0));
    const stored0 = (await assertSucceeds(getDoc(entry))).data();
    expect(stored0).toMatchObject({ to: 'note 0', uid: 'ada' });
    await assertFails(setDoc(entry, { ...stored0, to: 'rewritten' }));
    await assertFails(deleteDoc(entry));
    await assertFails(
      setDoc(doc(member(), collections.requests, storedId, historyArchive, historyKey(1)), {
        at: serverTimestamp(),
        by: ada,
        uid: 'ada',
        field: 'note',
        to: 'made up',
      }),
    );
    // Taking the oldest entry out of the map without storing it is refused.
    await assertFails(
      updateDoc(ref(), {
        ...change('status', 'won', { key: historyKey(leadLimits.history + 1) }),
        [`history.${historyKey(1)}`]: deleteField(),
      }),
    );
    await assertFails(
      getDoc(doc(visitor(), collections.requests, storedId, historyArchive, historyKey(0))),
    );
    await assertSucceeds(deleteLead(firestoreSdk, modular(member()), storedId));
    expect(await stored()).toBeUndefined();
  });

  it('a revoked account is refused its next read and write, though its token still says staff', async () => {
    await assertSucceeds(getDoc(ref()));
    await revokeAccess('ada');
    await assertFails(getDoc(ref()));
    await assertFails(getDocs(collection(member(), collections.requests)));
    await assertFails(updateDoc(ref(), change('status', 'won')));
    await assertFails(saveAs(ada, 'status', 'won'));
    // It can still read its own roster entry (gone), which is how its open inbox learns it.
    const own = await assertSucceeds(getDoc(doc(member(), 'staffAccess', 'ada')));
    expect(own.exists()).toBe(false);
    await assertFails(getDoc(doc(member(), 'staffAccess', 'bo')));
    await assertSucceeds(saveAs(bo, 'status', 'won'));
  });

  it('history names the account id, and its verified address, else the roster name; never nobody', async () => {
    const unverified = env
      .authenticatedContext('ada', { staff: true, email: 'studio.director@firstday.studio' })
      .firestore();
    const director = 'studio.director@firstday.studio';
    await assertFails(
      updateDoc(
        doc(unverified, collections.requests, storedId),
        change('note', 'x', { by: director, uid: 'ada' }),
      ),
    );
    await assertFails(
      setDoc(doc(unverified, 'staffMembers', director), { seenAt: serverTimestamp() }),
    );
    // No name at all is refused: every change names an account.
    await assertFails(
      updateDoc(
        doc(unverified, collections.requests, storedId),
        change('note', 'x', { by: '', uid: 'ada' }),
      ),
    );
    // The address the roster was granted under (by an admin) names it.
    await assertSucceeds(
      updateDoc(
        doc(unverified, collections.requests, storedId),
        change('note', 'x', { by: 'ada@firstday.studio', uid: 'ada' }),
      ),
    );
    // A verified address is recorded as itself, never left out.
    await assertFails(
      updateDoc(ref(), change('note', 'y', { key: historyKey(1), by: '', uid: 'ada' })),
    );
    await assertSucceeds(updateDoc(ref(), change('note', 'y', { key: historyKey(1) })));
  });

  it('bulk actions: one commit changing several leads is allowed for staff only, each with its entry', async () => {
    const otherId = newDocumentId();
    await env.withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(context.firestore(), collections.requests, otherId), valid());
    });
    const both = (db: ReturnType<typeof member>, to = 'won') => {
      const batch = writeBatch(db);
      batch.update(doc(db, collections.requests, storedId), change('status', to));
      batch.update(doc(db, collections.requests, otherId), change('status', to));
      return batch.commit();
    };
    await assertFails(both(client('someone')));
    await assertFails(
      both(env.authenticatedContext('eve', { email: ada, email_verified: true }).firestore()),
    );
    // One bad change refuses the whole commit.
    const staffDb = member();
    const mixed = writeBatch(staffDb);
    mixed.update(doc(staffDb, collections.requests, storedId), change('status', 'won'));
    mixed.update(doc(staffDb, collections.requests, otherId), { status: 'won' });
    await assertFails(mixed.commit());
    await assertSucceeds(both(member()));
    // Bulk delete: staff only.
    const gone = (db: ReturnType<typeof member>) => {
      const batch = writeBatch(db);
      batch.delete(doc(db, collections.requests, storedId));
      batch.delete(doc(db, collections.requests, otherId));
      return batch.commit();
    };
    await assertFails(gone(client('someone')));
    await assertSucceeds(gone(member()));
    expect(await stored()).toBeUndefined();
  });

  it('staff cannot touch a request that does not exist, nor the mail queue', async () => {
    await assertFails(
      updateDoc(doc(member(), collections.requests, newDocumentId()), change('status', 'won')),
    );
    await assertFails(getDoc(doc(staff(), 'mail', storedId)));
    await assertFails(setDoc(doc(staff(), 'mail', storedId), { to: 'x@example.com' }));
    await assertFails(setDoc(doc(visitor(), 'mail', storedId), { to: 'x@example.com' }));
  });
});

describe('everything else', () => {
  it('denies writes to another collection', async () => {
    await assertFails(setDoc(doc(visitor(), 'messages', 'x'), valid()));
    await assertFails(setDoc(doc(staff(), 'admins', 'me'), { role: 'admin' }));
  });

  it('denies writes to a sub-collection of a request', async () => {
    await seed();
    await assertFails(
      setDoc(doc(visitor(), collections.requests, storedId, 'notes', 'n'), valid()),
    );
  });

  it('denies reads of another collection, even to staff', async () => {
    await assertFails(getDoc(doc(staff(), 'settings', 'site')));
  });
});
