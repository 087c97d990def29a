// Types only: the SDK itself is loaded with import() when the first submission is written.
import type { Firestore } from 'firebase/firestore/lite';
import type * as FirestoreLite from 'firebase/firestore/lite';
import type { FirebaseSettings } from './firebase-settings';
import {
  ContactWriteError,
  type ContactSubmission,
  type WriteContact,
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
  // The SDK is a chunk of its own, downloaded only once a visitor uses the form.
  const [{ initializeApp }, lite] = await Promise.all([
    import(/* webpackChunkName: "firebase-app" */ 'firebase/app'),
    import(/* webpackChunkName: "firebase-firestore" */ 'firebase/firestore/lite'),
  ]);
  const { emulator, ...options } = settings;
  // A named app per writer: tests and a changed deployment never collide with an older one.
  const app = initializeApp(options, `remote-contact-${++appCount}`);
  const db = lite.getFirestore(app);
  if (emulator) lite.connectFirestoreEmulator(db, emulator.host, emulator.port);
  return { lite, db };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ContactWriteError('timeout', `No answer from Firestore within ${ms} ms`)),
      ms,
    );
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
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
 * createdAt. Idempotent per id: a retry of the same submission never makes a second document.
 *
 * The rules are create-only and the lite SDK's setDoc carries no "must not exist" precondition,
 * so a retry whose earlier attempt did land is refused as an update (permission-denied). The
 * writer remembers ids whose outcome it could not know (timeout, network) and reads such a
 * refusal as "already stored": the payload passed the same checks the rules make, so the only
 * thing the rules can still object to is the document's existence.
 */
export function createContactWriter(
  settings: FirebaseSettings | (() => Promise<FirebaseSettings>),
  { timeoutMs = writeTimeoutMs, log = console }: ContactWriterOptions = {},
): WriteContact {
  let connection: Promise<Connection> | undefined;
  const stored = new Set<string>();
  const uncertain = new Set<string>();
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

  async function attempt(id: string, submission: ContactSubmission): Promise<WriteOutcome> {
    let conn: Connection;
    try {
      conn = await withTimeout(connection$(), timeoutMs);
    } catch (error) {
      if (error instanceof ContactWriteError) throw error;
      throw new ContactWriteError('configuration', 'Could not load the Firestore settings or SDK', {
        cause: error,
      });
    }
    const { lite, db } = conn;
    const { name, phone, email, company, message } = submission;
    const write = lite.setDoc(lite.doc(db, contactCollection, id), {
      name,
      phone,
      email,
      company,
      message,
      createdAt: lite.serverTimestamp(),
    });
    // If a write we gave up on lands after all, later retries know it is stored.
    write.then(
      () => stored.add(id),
      () => {},
    );
    try {
      await withTimeout(write, timeoutMs);
      return 'created';
    } catch (error) {
      const code = codeOf(error);
      if (code === 'permission-denied') {
        if (uncertain.has(id)) return 'already-stored';
        throw new ContactWriteError('denied', 'Firestore refused the contact request', {
          cause: error,
        });
      }
      uncertain.add(id);
      if (error instanceof ContactWriteError) throw error;
      throw new ContactWriteError('unavailable', 'Firestore could not be reached', {
        cause: error,
      });
    }
  }

  return (id, submission) => {
    if (stored.has(id)) return Promise.resolve('already-stored');
    // A double submit of the same id joins the write already under way.
    const running = inFlight.get(id);
    if (running) return running;
    const result = attempt(id, submission).then(
      (outcome) => {
        stored.add(id);
        uncertain.delete(id);
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
  };
}
