import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import functionsTest from 'firebase-functions-test';
import { autoreply } from '../../../platform/contact-request/autoreply-text.cjs';
import { senderName } from '../autoreply/sender-name';
import { clearEmulator } from './clear-emulator';
import { defaultInbox, notifyContactRequest, notifyRescuedRequest } from '../index';

/**
 * The sender's confirmation, through the notification function's handler (firebase-functions-test)
 * with real documents in the Firestore emulator: the request and the client record are written
 * as a visitor's commit writes them.
 */
const projectId = 'demo-autoreply-test';
const testEnv = functionsTest({ projectId });
const notify = testEnv.wrap(notifyContactRequest);
const notifyUpdate = testEnv.wrap(notifyRescuedRequest);

let app: App;
let db: Firestore;

beforeAll(() => {
  if (!process.env.FIRESTORE_EMULATOR_HOST) {
    throw new Error('Run with `node tools/test/test-integration.mjs` (it starts the emulator)');
  }
  app = initializeApp({ projectId }, 'autoreply-test');
  db = getFirestore(app);
});

beforeEach(async () => {
  process.env.SLACK_WEBHOOK_URL = 'off';
  process.env.AUTOREPLY_FROM = 'First Day Studio <hello@firstday.studio>';
  for (const name of [
    'AUTOREPLY',
    'AUTOREPLY_MAX_PER_ADDRESS_PER_DAY',
    'AUTOREPLY_MAX_PER_CLIENT_PER_HOUR',
    'NOTIFY_MAX_PER_EMAIL_PER_HOUR',
    'STUDIO_INBOX',
  ]) {
    delete process.env[name];
  }
  await clearEmulator(projectId);
});

afterAll(async () => {
  testEnv.cleanup();
  await deleteApp(app);
});

const message =
  'Our launch needs a new site.\nVisit https://evil.example/win and call +44 20 7946 0321.';
const request = {
  name: 'Ada Lovelace',
  phone: '442079460000',
  email: 'ada@example.com',
  company: 'Analytical Engines',
  message,
  formSeconds: 40,
};

let counter = 0;
/**
 * Stores a request and its client's record (as the rules require of a visitor's commit) and
 * returns a delivery of its created event; deliver() again is a retried run.
 */
async function sendRequest(fields: Record<string, unknown> = {}, client = `client${counter}`) {
  counter += 1;
  const id = `Autoreply${String(counter).padStart(11, '0')}`;
  const createdAt = Timestamp.now();
  await db.doc(`users/${id}`).set({ ...request, createdAt, ...fields });
  await db.doc(`clients/${client}`).set({ request: id, last: createdAt });
  const snapshot = await db.doc(`users/${id}`).get();
  const event = { data: snapshot, params: { id }, time: new Date().toISOString() };
  return { id, deliver: () => notify(event) as Promise<void> };
}

const confirmations = async () =>
  (await db.collection('mail').get()).docs.filter((doc) => doc.id.startsWith('autoreply-'));

describe('the confirmation mailed to the sender', () => {
  it('is one fixed mail per request, even when the function runs again or twice at once', async () => {
    const { id, deliver } = await sendRequest();
    await deliver();
    await deliver();
    await Promise.all([deliver(), deliver(), deliver()]);
    const mails = await confirmations();
    expect(mails.map((doc) => doc.id)).toEqual([`autoreply-${id}`]);
    const mail = mails[0]!.data();
    expect(mail).toEqual({
      to: request.email,
      from: 'First Day Studio <hello@firstday.studio>',
      replyTo: defaultInbox,
      message: { subject: autoreply.subject, text: expect.any(String), html: expect.any(String) },
    });
    expect(mail.message.text.startsWith(autoreply.greeting('Ada Lovelace'))).toBe(true);
    // The studio's own mail is still there, once.
    expect((await db.doc(`mail/${id}`).get()).get('to')).toBe(defaultInbox);
  });

  it('holds no message text and nothing of the request but a cleaned name', async () => {
    const { deliver } = await sendRequest();
    await deliver();
    const { message: mail } = (await confirmations())[0]!.data() as {
      message: { subject: string; text: string; html: string };
    };
    for (const body of [mail.subject, mail.text, mail.html]) {
      for (const part of [
        'launch',
        'evil.example',
        request.company,
        request.phone,
        '7946',
        request.email,
      ]) {
        expect({ part, found: body.includes(part) }).toEqual({ part, found: false });
      }
    }
    // Exactly the content's text, with the name in the greeting.
    expect(mail.text).toBe(
      [
        autoreply.greeting('Ada Lovelace'),
        ...autoreply.paragraphs,
        autoreply.signOff.join('\n'),
      ].join('\n\n'),
    );
  });

  it('greets no one when the name could carry content (links, addresses, digits, length)', async () => {
    for (const [name, greeted] of [
      ['Zoë O’Brien-Łukasz', 'Zoë O’Brien-Łukasz'],
      ['Win a prize at evil.example', ''],
      ['Visit www example', ''],
      ['Call 0800 123 456', ''],
      ['https://evil.example', ''],
      ['spy@evil.example', ''],
      ['<b>Bold</b>', ''],
      ['Anne Marie Wolfeschlegelsteinhausenbergerdorff Senior', 'Anne Marie'],
      ['Ada\u202eLovelace', ''],
    ] as const) {
      expect({ name, greeted: senderName(name) }).toEqual({ name, greeted });
    }
    const { deliver } = await sendRequest({ name: 'Cheap pills at evil.example now' });
    await deliver();
    const text = ((await confirmations())[0]!.data() as { message: { text: string } }).message.text;
    expect(text.startsWith(`${autoreply.greeting('')}\n`)).toBe(true);
    expect(text).not.toContain('evil');
  });

  it('is never sent for suspected spam, nor when staff rescue it', async () => {
    const { id, deliver } = await sendRequest({ honeypot: true });
    await deliver();
    expect((await db.doc(`users/${id}`).get()).get('spam')).toBe(true);
    expect(await confirmations()).toEqual([]);

    const before = await db.doc(`users/${id}`).get();
    await db.doc(`users/${id}`).update({ spam: false, rescuedAt: Timestamp.now() });
    const after = await db.doc(`users/${id}`).get();
    await notifyUpdate({
      data: testEnv.makeChange(before, after),
      params: { id },
      time: new Date().toISOString(),
    });
    // The studio is notified of the rescued request; the sender is not mailed days later.
    expect((await db.doc(`mail/${id}`).get()).exists).toBe(true);
    expect(await confirmations()).toEqual([]);
  });

  it('holds the per-address ceiling under 100 requests from one address', async () => {
    // Each from its own client, and the studio's notification ceiling set out of the way, so
    // only the confirmation's address ceiling (3 a day by default) can hold.
    process.env.NOTIFY_MAX_PER_EMAIL_PER_HOUR = '1000';
    const ids: string[] = [];
    for (let i = 0; i < 100; i += 1) {
      const sent = await sendRequest({
        email: i % 2 ? 'Victim@Example.com' : 'victim@example.com',
      });
      await sent.deliver();
      ids.push(sent.id);
    }
    const mails = await confirmations();
    expect(mails.map((doc) => doc.id).sort()).toEqual(
      ids.slice(0, 3).map((id) => `autoreply-${id}`),
    );
    // Retried runs of refused requests still send nothing.
    await (await sendRequest({ email: 'victim@example.com' })).deliver();
    expect(await confirmations()).toHaveLength(3);
  });

  it('holds the per-client ceiling under 100 requests from one client, to 100 addresses', async () => {
    process.env.AUTOREPLY_MAX_PER_CLIENT_PER_HOUR = '5';
    for (let i = 0; i < 100; i += 1) {
      await (await sendRequest({ email: `person${i}@example.com` }, 'one-client')).deliver();
    }
    expect(await confirmations()).toHaveLength(5);
    // Another visitor is not held back.
    await (await sendRequest({ email: 'someone.else@example.com' }, 'other-client')).deliver();
    expect(await confirmations()).toHaveLength(6);
  });

  it('takes its ceilings from configuration', async () => {
    process.env.AUTOREPLY_MAX_PER_ADDRESS_PER_DAY = '1';
    await (await sendRequest()).deliver();
    await (await sendRequest()).deliver();
    expect(await confirmations()).toHaveLength(1);
  });

  it('is off without a sender unless switched on, and off when switched off', async () => {
    delete process.env.AUTOREPLY_FROM;
    await (await sendRequest()).deliver();
    expect(await confirmations()).toHaveLength(0);

    process.env.AUTOREPLY = 'on';
    await (await sendRequest()).deliver();
    const mails = await confirmations();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.data()).not.toHaveProperty('from');

    process.env.AUTOREPLY = 'off';
    process.env.AUTOREPLY_FROM = 'hello@firstday.studio';
    await (await sendRequest()).deliver();
    expect(await confirmations()).toHaveLength(1);
  });

  it('is not sent when the client that sent it cannot be told (fail closed)', async () => {
    const { id, deliver } = await sendRequest({}, 'moved-on');
    // The client has sent another request since: its record names that one.
    await db
      .doc('clients/moved-on')
      .set({ request: 'SomeOtherRequest0000', last: Timestamp.now() });
    await deliver();
    expect((await db.doc(`mail/${id}`).get()).exists).toBe(true);
    expect(await confirmations()).toHaveLength(0);
  });
});
