import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { filterRequests } from '../../remote-contact/src/staff/request-filter';
import { toInboxRequest } from '../../remote-contact/src/staff/inbox-request';
import localFunctions from '../../tools/stack/local-functions.cjs';
import testStack from '../../tools/test/test-stack.cjs';
import { pollUntil } from '../support/browser/poll-until';
import {
  alive,
  exited,
  killLeftovers,
  npmStart as npmStartIn,
  pidIn,
  within,
  writeStandInBuild,
} from '../support/servers/npm-start';
import { collections } from '../../platform/contact-request/contact-schema.cjs';
import { scaled } from '../support/time-factor';

/**
 * `npm start` runs the notification function against its Firestore emulator: a spam request
 * lands in the inbox's Spam view with its reasons, a normal one queues the studio's mail and
 * the sender's confirmation in `mail` (one [functions] line each), staff's "not spam" notifies
 * a rescued request, and neither a crashed function nor a restarted `npm start` mails twice or
 * judges a rescued request again.
 */

const env = testStack.npmStartTestEnv;
const emulator = `http://127.0.0.1:${env.FIRSTDAY_EMULATOR_PORT}`;
/** The documents' resource name, as a commit names them; under the emulator's /v1 for REST. */
const database = 'projects/demo-firstday/databases/(default)/documents';
const documents = `${emulator}/v1/${database}`;
const owner = { Authorization: 'Bearer owner' };

let work: string;
const started: ChildProcess[] = [];

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'npm-start-function-'));
  writeStandInBuild(work);
  // The function as it is now (`--no-build` would reuse an older build).
  await localFunctions.buildFunctions();
});

afterAll(() => {
  killLeftovers(work, started);
  fs.rmSync(work, { recursive: true, force: true });
});

const npmStart = () => npmStartIn(work, started);
// Two starts of the whole stack, each up to 150 s on a busy 2-core machine.
jest.setTimeout(400_000);

type Value = Record<string, unknown>;
type Fields = Record<string, unknown>;

/** A REST value as the Admin SDK would hand it over (timestamps with toDate()). */
function plain(value: Value): unknown {
  if ('stringValue' in value) return value.stringValue;
  if ('booleanValue' in value) return value.booleanValue;
  if ('integerValue' in value) return Number(value.integerValue);
  if ('doubleValue' in value) return value.doubleValue;
  if ('nullValue' in value) return null;
  if ('timestampValue' in value) {
    const date = new Date(String(value.timestampValue));
    return { toDate: () => date };
  }
  if ('arrayValue' in value) {
    const values = (value.arrayValue as { values?: Value[] }).values ?? [];
    return values.map(plain);
  }
  const fields = (value.mapValue as { fields?: Record<string, Value> } | undefined)?.fields ?? {};
  return Object.fromEntries(Object.entries(fields).map(([key, inner]) => [key, plain(inner)]));
}

async function read(documentPath: string): Promise<Fields | undefined> {
  const response = await fetch(`${documents}/${documentPath}`, { headers: owner });
  if (response.status === 404) return undefined;
  const body = (await response.json()) as { fields?: Record<string, Value> };
  return plain({ mapValue: { fields: body.fields ?? {} } }) as Fields;
}

async function ids(collection: string): Promise<string[]> {
  const response = await fetch(`${documents}/${collection}?pageSize=300`, { headers: owner });
  const body = (await response.json()) as { documents?: Array<{ name: string }> };
  return (body.documents ?? []).map((doc) => doc.name.split('/').pop()!).sort();
}

const text = (value: string) => ({ stringValue: value });

/**
 * A request as the form stores it, and the visitor's record the rules write with it, in one
 * commit as the form's batch does: written one after the other, the function could see the
 * request before its visitor and rightly queue no confirmation (an unknown client).
 */
async function sendRequest(id: string, message: string, seconds = 40) {
  const create = (collection: string, docId: string, fields: Record<string, Value>) => ({
    update: { name: `${database}/${collection}/${docId}`, fields },
    currentDocument: { exists: false },
  });
  const response = await fetch(`${documents}:commit`, {
    method: 'POST',
    headers: { ...owner, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      writes: [
        create(collections.requests, id, {
          name: text(`Ada ${id}`),
          phone: text('+44 20 7946 0958'),
          email: text(`ada.${id.toLowerCase()}@example.com`),
          company: text('Analytical Engines'),
          message: text(message),
          createdAt: { timestampValue: new Date().toISOString() },
          formSeconds: { integerValue: String(seconds) },
        }),
        create('clients', `visitor-${id}`, { request: text(id) }),
      ],
    }),
  });
  expect(response.status).toBe(200);
}

/** What the inbox lists under Spam, read as the inbox reads it. */
async function spamView() {
  const response = await fetch(`${documents}/users?pageSize=300`, { headers: owner });
  const body = (await response.json()) as {
    documents?: Array<{ name: string; fields: Record<string, Value> }>;
  };
  const requests = (body.documents ?? []).map((doc) =>
    toInboxRequest(
      doc.name.split('/').pop()!,
      plain({ mapValue: { fields: doc.fields } }) as Fields,
    ),
  );
  return filterRequests(requests, '', 'spam');
}

const spamMessage = [
  'Cheap casino bonus and backlinks for your site!',
  ...Array.from({ length: 7 }, (_, n) => `https://spam-${n}.example/offer`),
].join('\n');

/** A failure with what `npm start` printed, which says why. */
const withOutput = (error: unknown, output: string) =>
  new Error(
    `${error instanceof Error ? error.message : String(error)}\n\nnpm start printed:\n${output}`,
  );

const mailLines = (output: string) => output.match(/\[functions\] mail\/\S+ queued to .*/g) ?? [];

describe('npm start runs the notification function', () => {
  it('keeps spam apart with its reasons, queues the mail of a normal request, and never mails twice', async () => {
    let stack = await npmStart();
    try {
      expect(stack.output()).toMatch(/\[functions\] running \(pid \d+\)/);

      const spamSent = Date.now();
      await sendRequest('SpamRequest00000001', spamMessage);
      const spam = await pollUntil(scaled(10_000), async () =>
        (await spamView()).find((request) => request.id === 'SpamRequest00000001'),
      );
      const spamMs = Date.now() - spamSent;
      expect(spam.spamReasons).toEqual(['links', 'pattern']);

      const normalSent = Date.now();
      await sendRequest('NormalRequest000001', 'We need a new website for our engines.');
      const mail = await pollUntil(scaled(10_000), () => read('mail/NormalRequest000001'));
      const mailMs = Date.now() - normalSent;
      expect(mail.to).toBe('info@firstday.studio');
      expect(mail.replyTo).toBe('ada.normalrequest000001@example.com');
      expect((mail.message as { subject: string }).subject).toBe(
        'New project request: Ada NormalRequest000001 (Analytical Engines)',
      );
      // The sender's confirmation is queued too (AUTOREPLY is on locally).
      const autoreply = await pollUntil(scaled(10_000), () =>
        read('mail/autoreply-NormalRequest000001'),
      );
      expect(autoreply.to).toBe('ada.normalrequest000001@example.com');
      expect(await spamView()).toHaveLength(1);
      console.log(`Spam view after ${spamMs} ms; notification mail after ${mailMs} ms`);

      // One line per mail, saying where it goes and what it is about.
      await within(scaled(5_000), async () => mailLines(stack.output()).length === 2);
      expect(mailLines(stack.output())).toEqual([
        '[functions] mail/NormalRequest000001 queued to "info@firstday.studio": "New project request: Ada NormalRequest000001 (Analytical Engines)" (not sent locally)',
        expect.stringMatching(
          /^\[functions\] mail\/autoreply-NormalRequest000001 queued to "ada\.normalrequest000001@example\.com": ".+" \(not sent locally\)$/,
        ),
      ]);

      // The function's process dies: it is restarted, said so, and mails nothing again.
      const pid = pidIn(stack.output(), 'functions');
      process.kill(pid, 'SIGKILL');
      await within(scaled(2_000), async () => !alive(pid));
      await within(scaled(10_000), async () => stack.output().includes('[functions] restarted'));
      expect(stack.output()).toContain('[functions] stopped unexpectedly (SIGKILL)');

      // Staff's "not spam" (as the rules let staff write it): the function notifies it, once.
      const rescue = await fetch(
        `${documents}/users/SpamRequest00000001?updateMask.fieldPaths=spam&updateMask.fieldPaths=rescuedAt`,
        {
          method: 'PATCH',
          headers: { ...owner, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            fields: {
              spam: { booleanValue: false },
              rescuedAt: { timestampValue: new Date().toISOString() },
            },
          }),
        },
      );
      expect(rescue.status).toBe(200);
      await pollUntil(scaled(10_000), () => read('mail/SpamRequest00000001'));
      const queued = [
        'NormalRequest000001',
        'SpamRequest00000001',
        'autoreply-NormalRequest000001',
      ];
      expect(await ids('mail')).toEqual(queued);
    } catch (error) {
      throw withOutput(error, stack.output());
    } finally {
      process.kill(-stack.child.pid!, 'SIGINT');
      await exited(stack.child);
    }

    // A new npm start on the same data: nothing is delivered again, the rescue stands.
    stack = await npmStart();
    try {
      await sendRequest('LaterRequest0000001', 'A second project, after the restart.');
      await pollUntil(scaled(10_000), () => read('mail/LaterRequest0000001'));
      await within(scaled(5_000), async () => mailLines(stack.output()).length === 2);
      expect(mailLines(stack.output()).map((line) => line.split(' ')[1])).toEqual([
        'mail/LaterRequest0000001',
        'mail/autoreply-LaterRequest0000001',
      ]);
      expect(await ids('mail')).toEqual([
        'LaterRequest0000001',
        'NormalRequest000001',
        'SpamRequest00000001',
        'autoreply-LaterRequest0000001',
        'autoreply-NormalRequest000001',
      ]);
      expect((await read('users/SpamRequest00000001'))?.spam).toBe(false);
      expect(await spamView()).toEqual([]);
    } catch (error) {
      throw withOutput(error, stack.output());
    } finally {
      process.kill(-stack.child.pid!, 'SIGINT');
      await exited(stack.child);
    }
  });
});
