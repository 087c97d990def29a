// Types only: the SDK itself is loaded with import() when the form is first used.
import type { Firestore } from 'firebase/firestore/lite';
import type * as FirestoreLite from 'firebase/firestore/lite';
import { FirebaseSettingsError, firebaseOptions, type FirebaseSettings } from './firebase-settings';
import {
  ContactWriteError,
  type ContactSubmission,
  type ContactWriter,
  type WriteOutcome,
} from './contact-submission';

export const contactCollection = 'users';
export const writeTimeoutMs = 10_000;

export interface ContactWriterOptions {
  /** A write that has not answered by then counts as failed (a hung network never spins). */
  readonly timeoutMs?: number;
  readonly log?: Pick<Console, 'info' | 'error'>;
}

interface Connection {
  readonly lite: typeof FirestoreLite;
  readonly db: Firestore;
}

let appCount = 0;

async function connect(settings: FirebaseSettings): Promise<Connection> {
  // The SDK is in chunks of its own, downloaded only once a visitor uses the form.
  const [{ initializeApp }, lite] = await Promise.all([
    import(/* webpackChunkName: "firebase-app" */ 'firebase/app'),
    import(/* webpackChunkName: "firebase-firestore" */ 'firebase/firestore/lite'),
  ]);
  const { emulator, appCheck } = settings;
  // A named app per writer: tests and a changed deployment never collide with an older one.
  const app = initializeApp(firebaseOptions(settings), `remote-contact-${++appCount}`);
  if (appCheck) {
    const { startAppCheck } = await import('./app-check');
    await startAppCheck(app, appCheck);
  }
  const db = lite.getFirestore(app);
  if (emulator) lite.connectFirestoreEmulator(db, emulator.host, emulator.port);
  return { lite, db };
}

function withTimeout<T>(work: Promise<T>, ms: number, error: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(error()), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (reason: unknown) => {
        clearTimeout(timer);
        reject(reason);
      },
    );
  });
}

function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;
}

/**
 * The Firestore writer: stores a submission as users/{id} with the five fields and a server
 * createdAt. Idempotent per id: a retry of the same submission never makes a second document,
 * and a double submit joins the write already under way.
 *
 * Only Firestore's answer to a write counts as "stored". The rules are create-only and the lite
 * SDK's setDoc sends no "must not exist" precondition, so a retry whose earlier attempt did land
 * is refused like any other refused write. A browser cannot read the collection to tell the two
 * apart, so the writer does not guess: a refusal after an unanswered attempt is reported as
 * 'unconfirmed', a failure that keeps the visitor's text.
 */
export function createContactWriter(
  settings: FirebaseSettings | (() => Promise<FirebaseSettings>),
  { timeoutMs = writeTimeoutMs, log = console }: ContactWriterOptions = {},
): ContactWriter {
  let connection: Promise<Connection> | undefined;
  /** Ids Firestore answered as written. */
  const stored = new Set<string>();
  /** Ids with an attempt whose outcome never came back (timeout, network). */
  const unanswered = new Set<string>();
  const inFlight = new Map<string, Promise<WriteOutcome>>();

  function connection$(): Promise<Connection> {
    connection ??= (async () =>
      connect(typeof settings === 'function' ? await settings() : settings))();
    // A failed load (offline, broken config) is retried on the next submit.
    connection.catch(() => {
      connection = undefined;
    });
    return connection;
  }

  async function connectOrFail(): Promise<Connection> {
    try {
      return await withTimeout(
        connection$(),
        timeoutMs,
        () => new Error(`Settings and SDK not loaded within ${timeoutMs} ms`),
      );
    } catch (error) {
      // Nothing was sent: a broken deployment, or (most often) no network.
      throw new ContactWriteError(
        error instanceof FirebaseSettingsError ? 'configuration' : 'unavailable',
        'Could not load the Firestore settings or SDK',
        { cause: error },
      );
    }
  }

  async function attempt(id: string, submission: ContactSubmission): Promise<WriteOutcome> {
    const { lite, db } = await connectOrFail();
    const { name, phone, email, company, message } = submission;
    const write = lite.setDoc(lite.doc(db, contactCollection, id), {
      name,
      phone,
      email,
      company,
      message,
      createdAt: lite.serverTimestamp(),
    });
    // If a write we gave up on is answered after all, later retries know it is stored.
    write.then(
      () => stored.add(id),
      () => {},
    );
    try {
      await withTimeout(write, timeoutMs, () => {
        unanswered.add(id);
        return new ContactWriteError('timeout', `No answer from Firestore within ${timeoutMs} ms`);
      });
      return 'created';
    } catch (error) {
      if (error instanceof ContactWriteError) throw error;
      if (codeOf(error) === 'permission-denied') {
        const doubt = unanswered.has(id);
        throw new ContactWriteError(
          doubt ? 'unconfirmed' : 'refused',
          doubt
            ? 'Firestore refused a retry of an unanswered write: it may or may not be stored'
            : 'Firestore refused the contact request',
          { cause: error },
        );
      }
      // The request may have reached the server before the connection failed.
      unanswered.add(id);
      throw new ContactWriteError('unavailable', 'Firestore could not be reached', {
        cause: error,
      });
    }
  }

  function write(id: string, submission: ContactSubmission): Promise<WriteOutcome> {
    if (stored.has(id)) return Promise.resolve('already-stored');
    const running = inFlight.get(id);
    if (running) return running;
    const result = attempt(id, submission).then(
      (outcome) => {
        log.info(`Contact request stored as ${contactCollection}/${id} (${outcome})`);
        return outcome;
      },
      (error: unknown) => {
        log.error(`Contact request ${contactCollection}/${id} failed:`, error);
        throw error;
      },
    );
    inFlight.set(id, result);
    void result.finally(() => inFlight.delete(id)).catch(() => {});
    return result;
  }

  return {
    write,
    preload: () => void connection$().catch(() => {}),
  };
}
