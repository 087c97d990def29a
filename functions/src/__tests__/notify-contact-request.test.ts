import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import functionsTest from 'firebase-functions-test';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { clearEmulator } from './clear-emulator';
import { defaultInbox, notifyContactRequest, notifyRescuedRequest } from '../index';

/**
 * The notification function's handler, run by firebase-functions-test with real document
 * snapshots from the Firestore emulator (the Functions emulator cannot wire the trigger here).
 */
const projectId = 'demo-functions-test';
const testEnv = functionsTest({ projectId });
const notify = testEnv.wrap(notifyContactRequest);
const notifyUpdate = testEnv.wrap(notifyRescuedRequest);

let app: App;
let db: Firestore;
let slack: http.Server;
let slackPosts: string[];

beforeAll(async () => {
  if (!process.env.FIRESTORE_EMULATOR_HOST) {
    throw new Error('Run with `node tools/test/test-integration.mjs` (it starts the emulator)');
  }
  app = initializeApp({ projectId });
  db = getFirestore(app);
  // A real HTTP server standing in for Slack's incoming webhook.
  slack = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      slackPosts.push(body);
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => slack.listen(0, '127.0.0.1', resolve));
});

beforeEach(async () => {
  slackPosts = [];
  // As deployed without Slack (an unset secret works too, with a warning in the log).
  process.env.SLACK_WEBHOOK_URL = 'off';
  delete process.env.STUDIO_INBOX;
  delete process.env.NOTIFY_MAX_PER_EMAIL_PER_HOUR;
  await clearEmulator(projectId);
});

afterAll(async () => {
  testEnv.cleanup();
  await deleteApp(app);
  await new Promise((resolve) => slack.close(resolve));
});

const slackUrl = () => `http://127.0.0.1:${(slack.address() as AddressInfo).port}/hook`;

let counter = 0;
/** Stores a request as the rules would let a visitor, and delivers its created event. */
async function storeRequest(data: Record<string, unknown>) {
  counter += 1;
  const id = `Request${String(counter).padStart(13, '0')}`;
  await db.doc(`users/${id}`).set(data);
  const snapshot = await db.doc(`users/${id}`).get();
  const event = { data: snapshot, params: { id }, time: new Date().toISOString() };
  return { id, deliver: () => notify(event) as Promise<void> };
}

const hostile = {
  name: '<script>alert("x")</script> Ada & Co',
  phone: '442079460000',
  email: 'ada.obrien+studio@example.com',
  company: 'Engines <b>Ltd</b>',
  message: 'Hello\n<img src=x onerror=alert(1)>\n"quoted" & \'single\'',
  createdAt: Timestamp.now(),
};

async function mails() {
  return (await db.collection('mail').get()).docs;
}

describe('the notification for a new contact request', () => {
  it('writes exactly one mail document, to the studio, replying to the requester, every field escaped', async () => {
    const { id, deliver } = await storeRequest(hostile);
    await deliver();

    const docs = await mails();
    expect(docs.map((doc) => doc.id)).toEqual([id]);
    const mail = docs[0]!.data();
    expect(mail.to).toBe(defaultInbox);
    expect(mail.replyTo).toBe(hostile.email);
    expect(mail.message.subject).toBe(
      'New project request: <script>alert("x")</script> Ada & Co (Engines <b>Ltd</b>)',
    );
    const html: string = mail.message.html;
    expect(html).not.toMatch(/<script|<img|<b>/);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Ada &amp; Co');
    expect(html).toContain('Engines &lt;b&gt;Ltd&lt;/b&gt;');
    expect(html).toContain('ada.obrien+studio@example.com');
    expect(html).toContain(
      'Hello\n&lt;img src=x onerror=alert(1)&gt;\n&quot;quoted&quot; &amp; &#39;single&#39;',
    );
    expect(mail.message.text).toContain(`Message:\n${hostile.message}`);
    expect(mail.message.text).toContain('Phone: 442079460000');
  });

  it('stored before the rules tightened: no Reply-To for a header-carrying address, no bidi or control characters in the output', async () => {
    process.env.SLACK_WEBHOOK_URL = slackUrl();
    const { deliver } = await storeRequest({
      ...hostile,
      name: 'Ada \u202egnp.exe\u202c Lovelace\u0007',
      company: 'Acme\u2066Corp\u2069',
      email: 'victim%40realcorp.example?bcc=spy%40evil.example&subject=Hi@b.co',
      message: 'Hi\u200f there\u001b[2J\nLine two\twith a tab 👩‍💻',
    });
    await deliver();
    const mail = (await mails())[0]!.data();
    expect(mail.replyTo).toBeUndefined();
    const bidiOrControl = /(?![\t\n\r])[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
    const outputs = [mail.message.subject, mail.message.text, mail.message.html, ...slackPosts];
    for (const output of outputs) expect(output).not.toMatch(bidiOrControl);
    expect(mail.message.subject).toBe(
      'New project request: Ada \ufffdgnp.exe\ufffd Lovelace\ufffd (Acme\ufffdCorp\ufffd)',
    );
    // Line breaks, tabs and the joiner inside an emoji are text, and stay.
    expect(mail.message.text).toContain('Hi\ufffd there\ufffd[2J\nLine two\twith a tab 👩‍💻');
  });

  it('sets expireAt on the request, 24 months after it was created', async () => {
    const createdAt = Timestamp.fromDate(new Date('2026-03-31T10:00:00Z'));
    const { id, deliver } = await storeRequest({ ...hostile, createdAt });
    await deliver();
    const stored = (await db.doc(`users/${id}`).get()).data();
    expect((stored?.expireAt as Timestamp).toDate().toISOString()).toBe('2028-03-31T10:00:00.000Z');
  });

  it('sends nothing twice when the same event is delivered twice', async () => {
    process.env.SLACK_WEBHOOK_URL = slackUrl();
    const { id, deliver } = await storeRequest(hostile);
    await deliver();
    await deliver();
    await Promise.all([deliver(), deliver()]);
    expect((await mails()).map((doc) => doc.id)).toEqual([id]);
    expect(slackPosts).toHaveLength(1);
  });

  it('posts to Slack when a webhook is configured, escaped as Slack requires', async () => {
    process.env.SLACK_WEBHOOK_URL = slackUrl();
    const { deliver } = await storeRequest({ ...hostile, message: '<!channel> call me' });
    await deliver();
    expect(slackPosts).toHaveLength(1);
    const { text } = JSON.parse(slackPosts[0]!) as { text: string };
    expect(text).toContain('&lt;script&gt;alert("x")&lt;/script&gt; Ada &amp; Co');
    expect(text).toContain('&lt;!channel&gt; call me');
    expect(text).not.toContain('<!channel>');
  });

  it('does not call Slack with the webhook "off" or unset', async () => {
    await (await storeRequest(hostile)).deliver();
    delete process.env.SLACK_WEBHOOK_URL;
    await (await storeRequest(hostile)).deliver();
    expect(slackPosts).toEqual([]);
    expect(await mails()).toHaveLength(2);
  });

  it('mails the inbox from configuration', async () => {
    process.env.STUDIO_INBOX = 'leads@example.com';
    await (await storeRequest(hostile)).deliver();
    expect((await mails())[0]!.data().to).toBe('leads@example.com');
  });

  it('says where the request came from in the mail and the Slack post', async () => {
    process.env.SLACK_WEBHOOK_URL = slackUrl();
    const { id, deliver } = await storeRequest({
      ...hostile,
      page: '/contact',
      referrer: 'https://dribbble.com',
      utmSource: 'dribbble',
      utmCampaign: 'autumn <b>',
      language: 'en-GB',
    });
    await deliver();
    const mail = (await db.doc(`mail/${id}`).get()).data();
    expect(mail?.message.text).toContain('Sent from: /contact');
    expect(mail?.message.text).toContain('Referrer: https://dribbble.com');
    expect(mail?.message.text).toContain('Campaign: source dribbble, campaign autumn <b>');
    expect(mail?.message.text).toContain('Language: en-GB');
    expect(mail?.message.html).toContain('source dribbble, campaign autumn &lt;b&gt;');
    const post = JSON.parse(slackPosts[0]!) as { text: string };
    expect(post.text).toContain('Campaign: source dribbble, campaign autumn &lt;b&gt;');
    expect(post.text).toContain('Sent from: /contact');
  });

  it('still notifies a request with odd content (missing, wrong types, a bad address)', async () => {
    const { id, deliver } = await storeRequest({
      name: 42,
      email: 'not an address\r\nBcc: victim@example.com',
      message: { nested: true },
    });
    await deliver();
    const mail = (await db.doc(`mail/${id}`).get()).data();
    expect(mail?.to).toBe(defaultInbox);
    expect(mail).not.toHaveProperty('replyTo');
    expect(mail?.message.subject).toBe('New project request: 42');
    expect(mail?.message.text).toContain('{"nested":true}');
    expect(mail?.message.subject).not.toMatch(/[\r\n]/);
  });

  it('flags requests beyond the per-address ceiling instead of notifying them', async () => {
    process.env.NOTIFY_MAX_PER_EMAIL_PER_HOUR = '3';
    process.env.SLACK_WEBHOOK_URL = slackUrl();
    const createdAt = Timestamp.now();
    const requests = [];
    for (let i = 0; i < 5; i += 1) {
      const request = await storeRequest({ ...hostile, email: 'Flood@Example.com', createdAt });
      await request.deliver();
      requests.push(request);
    }
    // A retried event of a counted request is still counted once, and still sends nothing new.
    await requests[0]!.deliver();
    const sent = requests.map((request) => request.id);
    expect((await mails()).map((doc) => doc.id).sort()).toEqual(sent.slice(0, 3).sort());
    expect(slackPosts).toHaveLength(3);
    for (const id of sent.slice(3)) {
      expect((await db.doc(`users/${id}`).get()).get('flood')).toBe(true);
    }
    // Another address is not affected.
    await (await storeRequest({ ...hostile, createdAt })).deliver();
    expect(await mails()).toHaveLength(4);
  });
});

describe('suspected spam', () => {
  /** Applies a staff change to a stored request and delivers its updated event. */
  async function update(id: string, change: Record<string, unknown>) {
    const before = await db.doc(`users/${id}`).get();
    await db.doc(`users/${id}`).update(change);
    const after = await db.doc(`users/${id}`).get();
    const event = {
      data: testEnv.makeChange(before, after),
      params: { id },
      time: new Date().toISOString(),
    };
    return notifyUpdate(event) as Promise<void>;
  }

  it('keeps a honeypot-filled request as spam: flagged, not notified, expiring in 30 days', async () => {
    process.env.SLACK_WEBHOOK_URL = slackUrl();
    const createdAt = Timestamp.now();
    const { id, deliver } = await storeRequest({
      ...hostile,
      createdAt,
      honeypot: true,
      formSeconds: 40,
    });
    await deliver();
    await deliver(); // a retried event changes nothing
    const stored = (await db.doc(`users/${id}`).get()).data();
    expect(stored).toMatchObject({ spam: true, spamScore: 3, spamReasons: ['honeypot'] });
    expect((stored?.expireAt as Timestamp).toMillis() - createdAt.toMillis()).toBe(
      30 * 24 * 3_600_000,
    );
    expect(await mails()).toHaveLength(0);
    expect(slackPosts).toHaveLength(0);
    // Not counted against the sender's ceiling either.
    expect((await db.collection('notifyLimits').get()).size).toBe(0);
  });

  it('rescued by "not spam", it is notified then, once, and kept for the normal retention', async () => {
    process.env.SLACK_WEBHOOK_URL = slackUrl();
    const createdAt = Timestamp.now();
    const { id, deliver } = await storeRequest({ ...hostile, createdAt, honeypot: true });
    await deliver();
    // Other changes notify nothing.
    await update(id, { status: 'answered', answeredAt: Timestamp.now() });
    expect(await mails()).toHaveLength(0);

    await update(id, { spam: false, rescuedAt: Timestamp.now() });
    const docs = await mails();
    expect(docs.map((doc) => doc.id)).toEqual([id]);
    expect(docs[0]!.data().message.subject).toContain('Ada & Co');
    expect(slackPosts).toHaveLength(1);
    const stored = (await db.doc(`users/${id}`).get()).data();
    const expireAt = (stored?.expireAt as Timestamp).toDate();
    expect(expireAt.getUTCFullYear() - createdAt.toDate().getUTCFullYear()).toBe(2);

    // Marked spam again by an admin tool and rescued again, or the event retried: still once.
    await db.doc(`users/${id}`).update({ spam: true });
    await update(id, { spam: false, rescuedAt: Timestamp.now() });
    expect(await mails()).toHaveLength(1);
    expect(slackPosts).toHaveLength(1);
  });

  it('judges links, bad patterns and speed together; one weak signal is not enough', async () => {
    const links = 'See https://a.example https://b.example https://c.example';
    const cases: [Record<string, unknown>, boolean][] = [
      [{ formSeconds: 1 }, false], // autofill and a quick click: a person can
      [{ message: links }, false], // a brief linking three current sites
      [{ message: `${links} https://d.example https://e.example www.f.example` }, true],
      [{ message: links, formSeconds: 2 }, true],
      [{ message: 'Cheap [url=https://x.example]backlinks[/url]', formSeconds: 30 }, false],
      [{ message: 'Cheap [url=https://x.example]backlinks[/url]', formSeconds: 1 }, true],
      [{ formSeconds: 45 }, false],
    ];
    for (const [fields, spam] of cases) {
      const { id, deliver } = await storeRequest({
        ...hostile,
        createdAt: Timestamp.now(),
        ...fields,
      });
      await deliver();
      expect({ fields, spam: (await db.doc(`users/${id}`).get()).get('spam') === true }).toEqual({
        fields,
        spam,
      });
      expect((await db.doc(`mail/${id}`).get()).exists).toBe(!spam);
    }
  });
});

describe('a lead given to someone', () => {
  /** An owner change as the inbox stores it: the owner and its history entry, by `by`. */
  async function giveTo(id: string, owner: string, by: string, count: number) {
    const before = await db.doc(`users/${id}`).get();
    await db.doc(`users/${id}`).update({
      owner,
      historyCount: count + 1,
      [`history.c${1000 + count}`]: {
        at: Timestamp.now(),
        by,
        uid: 'u',
        field: 'owner',
        to: owner,
      },
    });
    const after = await db.doc(`users/${id}`).get();
    const event = {
      data: testEnv.makeChange(before, after),
      params: { id },
      time: new Date().toISOString(),
    };
    return { event, run: () => testEnv.wrap(notifyRescuedRequest)(event) as Promise<void> };
  }

  it('mails the new owner once when someone else gives it; taking it yourself mails nothing', async () => {
    const { id, deliver } = await storeRequest({ ...hostile });
    await deliver();
    const studioMails = (await mails()).length;

    // Ada takes it herself: nothing.
    await (await giveTo(id, 'ada@firstday.studio', 'ada@firstday.studio', 0)).run();
    expect(await mails()).toHaveLength(studioMails);

    // Ada gives it to Bo: one mail to Bo, escaped, naming Ada and the request's link.
    const given = await giveTo(id, 'bo@firstday.studio', 'ada@firstday.studio', 1);
    await given.run();
    const assigned = (await mails()).filter((doc) => doc.id === `${id}-assigned-c1001`);
    expect(assigned).toHaveLength(1);
    const mail = assigned[0]!.data();
    expect(mail.to).toBe('bo@firstday.studio');
    expect(mail.message.text).toContain('ada@firstday.studio gave you');
    expect(mail.message.text).toContain(`/staff?request=${id}`);
    expect(mail.message.html).not.toContain('<script>');
    // The same event again (a retry): still one.
    await testEnv.wrap(notifyRescuedRequest)(given.event);
    expect(await mails()).toHaveLength(studioMails + 1);

    // Given to nobody: nothing.
    await (await giveTo(id, '', 'ada@firstday.studio', 2)).run();
    expect(await mails()).toHaveLength(studioMails + 1);
  });
});
