import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { setLogLevel } from 'firebase/firestore/lite';
import {
  createContactWriter,
  writeTimeoutMs,
} from '../../remote-contact/src/firebase/contact-writer';
import {
  ContactWriteError,
  type ContactSubmission,
} from '../../remote-contact/src/firebase/contact-submission';
import { newDocumentId } from '../../remote-contact/src/firebase/document-id';
import {
  FirebaseSettingsError,
  type FirebaseSettings,
} from '../../remote-contact/src/firebase/firebase-settings';
import {
  authEmulatorAddress,
  clearEmulator,
  emulatorAddress,
} from '../support/emulators/firestore';
import { startFaultProxy, type Fault } from '../support/servers/fault-proxy';
import {
  deadPort,
  startAnswerLosingProxy,
  startSilentServer,
} from '../support/servers/unanswering-servers';
import { collections } from '../../platform/contact-request/contact-schema.cjs';
import { scaled } from '../support/time-factor';

// Its own project, so the rules tests and these never see each other's documents.
const projectId = 'demo-writer-test';
const emulator = emulatorAddress();
// Each writer signs in anonymously: one writer is one client for the per-client ceiling.
const settings: FirebaseSettings = {
  projectId,
  apiKey: 'demo-api-key',
  emulator,
  authEmulator: authEmulatorAddress(),
};

const submission: ContactSubmission = {
  name: 'Grace Hopper',
  phone: '15550100',
  email: 'grace@example.com',
  company: 'Compilers & Co',
  message: '',
};

let admin: App;
let db: Firestore;
const quiet = { info: jest.fn(), error: jest.fn() };

beforeAll(() => {
  setLogLevel('silent');
  admin = initializeApp({ projectId }, 'contact-writer-test');
  db = getFirestore(admin);
});

beforeEach(async () => {
  quiet.info.mockClear();
  quiet.error.mockClear();
  await clearEmulator(projectId);
});

afterAll(() => deleteApp(admin));

async function allDocuments() {
  return (await db.collection(collections.requests).get()).docs;
}

/** A writer that reaches the emulator through `proxy` and waits `timeoutMs` for each answer. */
const writerThrough = (proxy: { port: number }, timeoutMs: number) =>
  createContactWriter(
    { ...settings, emulator: { host: '127.0.0.1', port: proxy.port } },
    { log: quiet, timeoutMs },
  );

/** The first write meets `fault`; every later one passes. */
const onlyFirst =
  (fault: Fault) =>
  (attempt: number): Fault =>
    attempt === 0 ? fault : { kind: 'pass' };

describe('the contact writer against the Firestore emulator', () => {
  it('stores users/{id} with exactly the five strings and a server createdAt', async () => {
    const { write } = createContactWriter(settings, { log: quiet });
    const id = newDocumentId();
    const before = Date.now();
    await expect(write(id, submission)).resolves.toBe('created');

    const docs = await allDocuments();
    expect(docs.map((d) => d.id)).toEqual([id]);
    const data = docs[0]!.data();
    expect(Object.keys(data).sort()).toEqual(
      ['company', 'createdAt', 'email', 'message', 'name', 'phone'].sort(),
    );
    expect(data).toMatchObject({ ...submission, message: '' });
    expect(data.createdAt).toBeInstanceOf(Timestamp);
    const created = (data.createdAt as Timestamp).toMillis();
    expect(created).toBeGreaterThanOrEqual(before - 5_000);
    expect(created).toBeLessThanOrEqual(Date.now() + 5_000);
  });

  it('stores where the request came from and what the form observed, through the rules', async () => {
    const writer = createContactWriter(settings, {
      log: quiet,
      context: () => ({
        page: '/contact',
        referrer: 'https://dribbble.com',
        utmSource: 'dribbble',
        utmCampaign: 'autumn',
        language: 'en-GB',
      }),
    });
    const id = newDocumentId();
    await writer.write(id, submission, { honeypot: true, formSeconds: 1.7 });
    const stored = (await db.doc(`users/${id}`).get()).data();
    expect(stored).toMatchObject({
      page: '/contact',
      referrer: 'https://dribbble.com',
      utmSource: 'dribbble',
      utmCampaign: 'autumn',
      language: 'en-GB',
      honeypot: true,
      formSeconds: 1,
    });
    // The verdict is never the browser's: the notification function writes it.
    expect(stored).not.toHaveProperty('spam');

    const untouched = newDocumentId();
    await createContactWriter(settings, { log: quiet }).write(untouched, submission, {
      honeypot: false,
      formSeconds: 95.2,
    });
    const plain = (await db.doc(`users/${untouched}`).get()).data();
    expect(plain).not.toHaveProperty('honeypot');
    expect(plain).toMatchObject({ formSeconds: 95 });
  });

  it('logs the new id', async () => {
    const { write } = createContactWriter(settings, { log: quiet });
    const id = newDocumentId();
    await write(id, submission);
    expect(quiet.info).toHaveBeenCalledWith(expect.stringContaining(`users/${id}`));
  });

  it('loads its settings lazily, once', async () => {
    const load = jest.fn(async () => settings);
    const { write } = createContactWriter(load, { log: quiet });
    expect(load).not.toHaveBeenCalled();
    await write(newDocumentId(), submission);
    await write(newDocumentId(), submission).catch(() => {});
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('stores hostile text byte for byte, as plain strings', async () => {
    const { write } = createContactWriter(settings, { log: quiet });
    const id = newDocumentId();
    const hostile: ContactSubmission = {
      name: '<script>alert("x")</script>',
      phone: '0123456789',
      email: 'o.brien+test@example.co.uk',
      company: 'שלום עולם 🎨',
      message: '=cmd|\' /C calc\'!A0\n"quoted", commas, and\r\nnewlines — 日本語 🚀',
    };
    await write(id, hostile);
    const data = (await db.doc(`users/${id}`).get()).data();
    expect(data).toMatchObject(hostile);
  });

  it('never makes a second document when the same submission is retried', async () => {
    const { write } = createContactWriter(settings, { log: quiet });
    const id = newDocumentId();
    await write(id, submission);
    await expect(write(id, submission)).resolves.toBe('already-stored');
    // A double click: two calls at once become one write (another visitor: one request a minute).
    const other = newDocumentId();
    const second = createContactWriter(settings, { log: quiet });
    const [a, b] = await Promise.all([
      second.write(other, submission),
      second.write(other, submission),
    ]);
    expect([a, b]).toEqual(['created', 'created']);
    expect((await allDocuments()).map((d) => d.id).sort()).toEqual([id, other].sort());
  });

  it("a retry after a lost answer is refused, and the client's record says it is stored", async () => {
    const proxy = await startAnswerLosingProxy(emulator);
    try {
      const { write } = writerThrough(proxy, scaled(1_500));
      const id = newDocumentId();
      proxy.loseNextAnswer();
      await expect(write(id, submission)).rejects.toMatchObject({ reason: 'timeout' });
      // The first write did land: the visitor only never heard so.
      expect((await allDocuments()).map((d) => d.id)).toEqual([id]);

      // The retry is refused (create-only rules); the client's record names this id: stored.
      await expect(write(id, submission)).resolves.toBe('already-stored');
      expect(proxy.commits()).toBe(2);
      expect((await allDocuments()).map((d) => d.id)).toEqual([id]);
    } finally {
      await proxy.close();
    }
  });

  it('no false "stored": a write lost on the way whose retry is refused is a refusal', async () => {
    // The rules refuse this name (a control character), so nothing can ever be stored.
    const refused = { ...submission, name: 'Grace\u0000Hopper' };
    const proxy = await startFaultProxy(emulator, onlyFirst({ kind: 'drop' }));
    try {
      const { write } = writerThrough(proxy, scaled(1_000));
      const id = newDocumentId();
      await expect(write(id, refused)).rejects.toMatchObject({ reason: 'timeout' });
      // No record of this client exists, so the lost write cannot have landed: a plain refusal.
      await expect(write(id, refused)).rejects.toMatchObject({ reason: 'refused' });
      expect(proxy.log).toEqual(['drop', 'pass']);
      expect(await allDocuments()).toHaveLength(0);
    } finally {
      await proxy.close();
    }
  });

  it('a retry after an answer that arrived late knows the request is stored', async () => {
    const proxy = await startFaultProxy(emulator, onlyFirst({ kind: 'delay', ms: scaled(1_500) }));
    try {
      const { write } = writerThrough(proxy, scaled(500));
      const id = newDocumentId();
      await expect(write(id, submission)).rejects.toMatchObject({ reason: 'timeout' });
      await new Promise((resolve) => setTimeout(resolve, scaled(1_500)));
      // Firestore did answer "written", only late: that answer is a confirmation.
      await expect(write(id, submission)).resolves.toBe('already-stored');
      expect(proxy.log).toEqual(['delay']);
      expect((await allDocuments()).map((d) => d.id)).toEqual([id]);
    } finally {
      await proxy.close();
    }
  });

  it('a fresh writer retrying an id that exists is refused by the rules, not duplicated', async () => {
    const id = newDocumentId();
    await createContactWriter(settings, { log: quiet }).write(id, submission);
    const later = createContactWriter(settings, { log: quiet });
    await expect(
      later.write(id, { ...submission, name: 'Overwrite attempt' }),
    ).rejects.toMatchObject({
      reason: 'refused',
    });
    const docs = await allDocuments();
    expect(docs).toHaveLength(1);
    expect(docs[0]!.data().name).toBe('Grace Hopper');
  });

  it('a second request within the minute is too soon: refused, with the time of the next', async () => {
    const { write } = createContactWriter(settings, { log: quiet });
    const first = newDocumentId();
    await expect(write(first, submission)).resolves.toBe('created');
    const stamp = (await db.collection('clients').get()).docs[0]!.data().last as Timestamp;
    const failure = write(newDocumentId(), { ...submission, message: 'One more thing' });
    await expect(failure).rejects.toMatchObject({ reason: 'too-soon' });
    const retryAt = ((await failure.catch((error: unknown) => error)) as ContactWriteError).retryAt;
    expect(retryAt?.getTime()).toBe(stamp.toMillis() + 60_000);
    expect((await allDocuments()).map((d) => d.id)).toEqual([first]);
  });

  it('after the interval the same client may send again', async () => {
    const { write } = createContactWriter(settings, { log: quiet });
    await write(newDocumentId(), submission);
    // The interval is the server's: age the record instead of waiting a minute.
    const [record] = (await db.collection('clients').get()).docs;
    const last = record!.data().last as Timestamp;
    await record!.ref.update({ last: Timestamp.fromMillis(last.toMillis() - 61_000) });
    const next = newDocumentId();
    await expect(write(next, { ...submission, message: 'Later' })).resolves.toBe('created');
    expect(await allDocuments()).toHaveLength(2);
    expect((await record!.ref.get()).data()?.request).toBe(next);
  });

  it('surfaces a rules denial as a failure and stores nothing', async () => {
    const { write } = createContactWriter(settings, { log: quiet });
    const failure = write(newDocumentId(), { ...submission, phone: '555-0100' });
    await expect(failure).rejects.toBeInstanceOf(ContactWriteError);
    await expect(failure).rejects.toMatchObject({ reason: 'refused' });
    expect(quiet.error).toHaveBeenCalled();
    expect(await allDocuments()).toHaveLength(0);
  });

  it('a sign-in that cannot reach Firebase Auth is a network failure, and sends nothing', async () => {
    const port = await deadPort();
    const { write } = createContactWriter(
      { ...settings, authEmulator: { host: '127.0.0.1', port } },
      { log: quiet, timeoutMs: 5_000 },
    );
    await expect(write(newDocumentId(), submission)).rejects.toMatchObject({
      reason: 'unavailable',
    });
    expect(await allDocuments()).toHaveLength(0);
  });

  it('fails when nothing listens at the configured address', async () => {
    const port = await deadPort();
    const { write } = createContactWriter(
      { ...settings, emulator: { host: '127.0.0.1', port } },
      { log: quiet, timeoutMs: 5_000 },
    );
    await expect(write(newDocumentId(), submission)).rejects.toBeInstanceOf(ContactWriteError);
  });

  it('preload loads the settings and SDK before the first write', async () => {
    const load = jest.fn(async () => settings);
    const writer = createContactWriter(load, { log: quiet });
    writer.preload();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(load).toHaveBeenCalledTimes(1);
    await writer.write(newDocumentId(), submission);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a settings file that cannot be used is a configuration failure, not a network one', async () => {
    const { write } = createContactWriter(
      async () => {
        throw new FirebaseSettingsError('firebase-config.json is not an object');
      },
      { log: quiet },
    );
    await expect(write(newDocumentId(), submission)).rejects.toMatchObject({
      reason: 'configuration',
    });
  });

  it('times out a write that is never answered', async () => {
    const silent = await startSilentServer();
    try {
      const { write } = createContactWriter(
        { ...settings, emulator: { host: '127.0.0.1', port: silent.port } },
        { log: quiet, timeoutMs: scaled(1_000) },
      );
      const started = Date.now();
      await expect(write(newDocumentId(), submission)).rejects.toMatchObject({
        reason: 'timeout',
      });
      expect(Date.now() - started).toBeLessThan(scaled(5_000));
    } finally {
      await silent.close();
    }
  });

  it('waits 10 s by default before giving up', () => {
    expect(writeTimeoutMs).toBe(10_000);
  });
});
