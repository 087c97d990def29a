// Types only: the SDK itself is loaded with import() when the form is first used.
import type { Firestore } from 'firebase/firestore/lite';
import type * as FirestoreLite from 'firebase/firestore/lite';
import type { ClientIdentity } from './client-identity';
import { FirebaseSettingsError, firebaseOptions, type FirebaseSettings } from './firebase-settings';
import {
  ContactWriteError,
  type ContactSubmission,
  type ContactWriteFailure,
  type ContactWriter,
  type FormSignals,
  type WriteOutcome,
} from './contact-submission';
import {
  clientIntervalSeconds,
  collections,
  maxFormSeconds,
} from '../../../platform/contact-request/contact-schema.cjs';
import { contactValuesOf } from '../../../platform/contact-request/contact-values.cjs';
import { contactWriteDeadlineMs } from '../../../platform/deadlines.cjs';
import { withinDeadline } from '../../../platform/deadline.cjs';
import type { StoredContext } from './request-context';

const contactCollection = collections.requests;
/** Each client's record for the per-client ceiling (firestore.rules): { request, last }. */
const clientsCollection = collections.clients;
// Why that long: platform/deadlines.cjs.
export { contactWriteDeadlineMs as writeTimeoutMs };

export interface ContactWriterOptions {
  /** A write that has not answered by then counts as failed (a hung network never spins). */
  readonly timeoutMs?: number;
  readonly log?: Pick<Console, 'info' | 'error'>;
  /** Where the request is sent from (page, campaign, language), read when it is written. */
  readonly context?: () => StoredContext;
}

interface Connection {
  readonly lite: typeof FirestoreLite;
  readonly db: Firestore;
  readonly identity: ClientIdentity;
}

let appCount = 0;

async function connect(settings: FirebaseSettings): Promise<Connection> {
  // The SDK is in chunks of its own, downloaded only once a visitor uses the form.
  const [{ initializeApp }, lite, { startClientIdentity }] = await Promise.all([
    import(/* webpackChunkName: "firebase-app" */ 'firebase/app'),
    import(/* webpackChunkName: "firebase-firestore" */ 'firebase/firestore/lite'),
    import('./client-identity'),
  ]);
  const { emulator, appCheck } = settings;
  // A named app per writer: tests and a changed deployment never collide with an older one.
  const app = initializeApp(firebaseOptions(settings), `remote-contact-${++appCount}`);
  if (appCheck) {
    const { startAppCheck } = await import('./app-check');
    await startAppCheck(app, appCheck);
  }
  // Auth before Firestore: Firestore then sends the signed-in client's token with each request.
  const identity = await startClientIdentity(app, settings);
  const db = lite.getFirestore(app);
  if (emulator) lite.connectFirestoreEmulator(db, emulator.host, emulator.port);
  return { lite, db, identity };
}

function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;
}

/** The signals in the narrow shape the rules accept: honeypot only when filled, whole seconds. */
function storedSignals(signals: FormSignals | undefined): Record<string, unknown> {
  if (!signals) return {};
  const stored: Record<string, unknown> = {};
  if (signals.honeypot) stored.honeypot = true;
  if (signals.formSeconds !== null) {
    stored.formSeconds = Math.min(maxFormSeconds, Math.max(0, Math.floor(signals.formSeconds)));
  }
  return stored;
}

/** How far the visitor's clock may be off the server's before "too soon" is not believed. */
const clockSlackMs = 30_000;

/** A failed anonymous sign-in, by Firebase Auth's error code. */
function signInFailure(code: string | undefined): ContactWriteFailure {
  switch (code) {
    case 'auth/network-request-failed':
    case undefined:
      return 'unavailable';
    // Anonymous sign-in off in the console, or a wrong key: the deployment's fault.
    case 'auth/operation-not-allowed':
    case 'auth/admin-restricted-operation':
    case 'auth/invalid-api-key':
    case 'auth/configuration-not-found':
      return 'configuration';
    // Firebase's own per-IP limit on new anonymous accounts, among others.
    default:
      return 'refused';
  }
}

/**
 * The Firestore writer: signs the visitor in anonymously and stores a submission as users/{id}
 * with the five fields and a server createdAt, in one commit with the client's record
 * clients/{uid} = { request: id, last } that the rules' per-client ceiling checks. Idempotent per
 * id: a retry of the same submission never makes a second document, and a double submit joins
 * the write already under way.
 *
 * Only Firestore's answers count as "stored". The rules are create-only, so a retry whose earlier
 * attempt did land is refused like any other refused write; after a refusal the writer reads its
 * own client record, which tells the truth: it names this id (stored: 'already-stored'), or
 * another request less than the interval ago ('too-soon', with the time a new one is allowed),
 * or nothing (nothing of this client ever landed: 'refused'). Only what that cannot settle (the
 * record unreadable, or naming an older request while an attempt is in doubt) is 'unconfirmed'.
 */
export function createContactWriter(
  settings: FirebaseSettings | (() => Promise<FirebaseSettings>),
  {
    timeoutMs = contactWriteDeadlineMs,
    log = console,
    context = () => ({}),
  }: ContactWriterOptions = {},
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
      return await withinDeadline(
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

  /** The signed-in client's uid; a sign-in that fails sent nothing of the request. */
  async function clientUid(identity: ClientIdentity): Promise<string> {
    try {
      return await withinDeadline(
        identity.uid(),
        timeoutMs,
        () => new Error(`Anonymous sign-in did not answer within ${timeoutMs} ms`),
      );
    } catch (error) {
      throw new ContactWriteError(
        signInFailure(codeOf(error)),
        'Could not sign the visitor in (Firebase Anonymous Auth)',
        { cause: error },
      );
    }
  }

  /**
   * Why Firestore refused users/{id}, from the client's own record (the rules let its owner read
   * it): it names this id (an earlier attempt landed: stored), or another request stored less
   * than the interval ago (too soon), or neither (refused, or unconfirmed if in doubt).
   */
  async function explainRefusal(
    { lite, db }: Connection,
    uid: string,
    id: string,
    refusal: unknown,
  ): Promise<WriteOutcome> {
    const doubt = unanswered.has(id);
    let record: Record<string, unknown> | undefined;
    let readable = true;
    try {
      const snapshot = await withinDeadline(
        lite.getDoc(lite.doc(db, clientsCollection, uid)),
        timeoutMs,
        () => new Error('No answer'),
      );
      record = snapshot.data();
    } catch {
      readable = false;
    }
    if (record?.request === id) {
      stored.add(id);
      return 'already-stored';
    }
    const last = record?.last;
    if (last instanceof lite.Timestamp) {
      const retryAt = new Date(last.toMillis() + clientIntervalSeconds * 1000);
      // The client's clock may be a little off the server's: allow for that, or say refused.
      if (retryAt.getTime() > Date.now() - clockSlackMs) {
        throw new ContactWriteError(
          'too-soon',
          `This client stored ${String(record?.request)} less than ${clientIntervalSeconds} s ago`,
          { cause: refusal, retryAt },
        );
      }
    }
    // No record at all: nothing from this client ever landed, the earlier attempt included.
    const unknown = doubt && (!readable || record !== undefined);
    throw new ContactWriteError(
      unknown ? 'unconfirmed' : 'refused',
      unknown
        ? 'Firestore refused a retry of an unanswered write: it may or may not be stored'
        : 'Firestore refused the contact request',
      { cause: refusal },
    );
  }

  async function attempt(
    id: string,
    submission: ContactSubmission,
    signals?: FormSignals,
  ): Promise<WriteOutcome> {
    const connection = await connectOrFail();
    const { lite, db, identity } = connection;
    const uid = await clientUid(identity);
    // One commit: the request and the client's record naming it, both at the server's time. The
    // rules accept the request only beside that record, and the record only once per interval.
    const batch = lite.writeBatch(db);
    batch.set(lite.doc(db, contactCollection, id), {
      ...contactValuesOf(submission),
      ...context(),
      ...storedSignals(signals),
      createdAt: lite.serverTimestamp(),
    });
    batch.set(lite.doc(db, clientsCollection, uid), {
      request: id,
      last: lite.serverTimestamp(),
    });
    const write = batch.commit();
    // If a write we gave up on is answered after all, later retries know it is stored.
    write.then(
      () => stored.add(id),
      () => {},
    );
    try {
      await withinDeadline(write, timeoutMs, () => {
        unanswered.add(id);
        return new ContactWriteError('timeout', `No answer from Firestore within ${timeoutMs} ms`);
      });
      return 'created';
    } catch (error) {
      if (error instanceof ContactWriteError) throw error;
      if (codeOf(error) === 'permission-denied') {
        return explainRefusal(connection, uid, id, error);
      }
      // The request may have reached the server before the connection failed.
      unanswered.add(id);
      throw new ContactWriteError('unavailable', 'Firestore could not be reached', {
        cause: error,
      });
    }
  }

  function write(
    id: string,
    submission: ContactSubmission,
    signals?: FormSignals,
  ): Promise<WriteOutcome> {
    if (stored.has(id)) return Promise.resolve('already-stored');
    const running = inFlight.get(id);
    if (running) return running;
    const result = attempt(id, submission, signals).then(
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
