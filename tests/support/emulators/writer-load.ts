import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { setLogLevel } from 'firebase/firestore/lite';
import {
  ContactWriteError,
  type ContactSubmission,
} from '../../../remote-contact/src/firebase/contact-submission';
import { createContactWriter } from '../../../remote-contact/src/firebase/contact-writer';
import { newDocumentId } from '../../../remote-contact/src/firebase/document-id';
import type { FirebaseSettings } from '../../../remote-contact/src/firebase/firebase-settings';
import { authEmulatorAddress, clearEmulator, emulatorAddress } from './firestore';
import { startFaultProxy, type Fault } from '../servers/fault-proxy';
import { scaled } from '../time-factor';
import { collections } from '../../../platform/contact-request/contact-schema.cjs';

/**
 * A load run through the real writer: 1,000 submissions, 10 at once, with writes lost on the way,
 * answers lost, and answers late, injected at random by a proxy in front of the emulator. Each
 * submission is retried like a visitor pressing Submit again (same id), until it is confirmed or
 * the writer says it cannot know. Each submission is its own visitor (a writer of its own, so an
 * anonymous identity of its own: the rules allow one request per client a minute). Nothing may be lost, duplicated or falsely confirmed: the
 * figures say whether that held (the integration test asserts them, the chaos run reports them).
 */
const submissions = 1_000;
const concurrency = 10;
// The writer's deadline, as much longer as the machine is slower (the faults' delays follow it).
const timeoutMs = scaled(300);
const maxTries = 8;

/** A small seeded generator (mulberry32), so a failing run can be repeated exactly. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const loadSeed = Number(process.env.LOAD_SEED ?? 20_261_122);

function faults(seed: number): () => Fault {
  const next = random(seed);
  return () => {
    const roll = next();
    if (roll < 0.04) return { kind: 'drop' };
    if (roll < 0.08) return { kind: 'lose-answer' };
    if (roll < 0.12) return { kind: 'delay', ms: timeoutMs + 100 + Math.floor(next() * 400) };
    if (roll < 0.2) return { kind: 'delay', ms: Math.floor(next() * timeoutMs * 0.5) };
    return { kind: 'pass' };
  };
}

interface Result {
  readonly id: string;
  readonly submission: ContactSubmission;
  readonly outcome: 'confirmed' | 'unconfirmed' | 'failed';
  readonly tries: number;
}

async function send(settings: FirebaseSettings, index: number): Promise<Result> {
  const { write } = createContactWriter(settings, {
    timeoutMs,
    log: { info: () => {}, error: () => {} },
  });
  const id = newDocumentId();
  const submission: ContactSubmission = {
    name: `Load ${index}`,
    phone: String(10_000_000 + index),
    email: `load-${index}@example.com`,
    company: 'Load Testing Ltd',
    message: `Request number ${index}`,
  };
  for (let tries = 1; tries <= maxTries; tries += 1) {
    try {
      await write(id, submission);
      return { id, submission, outcome: 'confirmed', tries };
    } catch (error) {
      const reason = error instanceof ContactWriteError ? error.reason : 'unknown';
      if (reason === 'unconfirmed') return { id, submission, outcome: 'unconfirmed', tries };
      if (reason !== 'timeout' && reason !== 'unavailable') break;
    }
  }
  return { id, submission, outcome: 'failed', tries: maxTries };
}

export interface LoadFigures {
  readonly seed: number;
  readonly sent: number;
  readonly distinctIds: number;
  readonly stored: number;
  /** Stored documents that no submission sent. */
  readonly strays: number;
  readonly confirmed: number;
  /** Stored, and the visitor was told the outcome is not known. */
  readonly unconfirmed: number;
  readonly failed: number;
  readonly falselyConfirmed: number;
  readonly duplicated: number;
  /** What the proxy did to each commit, by kind. */
  readonly faults: Readonly<Record<string, number>>;
  readonly seconds: number;
}

/** Runs the load against the tests' emulator, in `projectId` (cleared first). */
export async function runWriterLoad(projectId: string, seed = loadSeed): Promise<LoadFigures> {
  setLogLevel('silent');
  const admin = initializeApp({ projectId }, `writer-load-${projectId}`);
  const db = getFirestore(admin);
  await clearEmulator(projectId);
  const proxy = await startFaultProxy(emulatorAddress(), faults(seed));
  const started = Date.now();
  const results: Result[] = [];
  try {
    const settings: FirebaseSettings = {
      projectId,
      apiKey: 'demo-api-key',
      emulator: { host: '127.0.0.1', port: proxy.port },
      authEmulator: authEmulatorAddress(),
    };
    let issued = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (issued < submissions) results.push(await send(settings, issued++));
      }),
    );
  } finally {
    // Returns once every write the proxy let through has been answered by the emulator.
    await proxy.close();
  }
  try {
    const docs = (await db.collection(collections.requests).get()).docs;
    const stored = new Map(docs.map((doc) => [doc.id, doc.data()]));
    const sentIds = new Set(results.map((r) => r.id));
    const messages = new Set(docs.map((doc) => String(doc.data().message)));
    const count = (outcome: Result['outcome']) =>
      results.filter((r) => r.outcome === outcome).length;
    return {
      seed,
      sent: results.length,
      distinctIds: sentIds.size,
      stored: docs.length,
      strays: docs.filter((doc) => !sentIds.has(doc.id)).length,
      confirmed: count('confirmed'),
      unconfirmed: count('unconfirmed'),
      failed: count('failed'),
      falselyConfirmed: results.filter(
        (r) =>
          r.outcome === 'confirmed' &&
          (!stored.has(r.id) || stored.get(r.id)?.message !== r.submission.message),
      ).length,
      duplicated: docs.length - messages.size,
      faults: proxy.log.reduce<Record<string, number>>((counts, kind) => {
        counts[kind] = (counts[kind] ?? 0) + 1;
        return counts;
      }, {}),
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    await deleteApp(admin);
  }
}
