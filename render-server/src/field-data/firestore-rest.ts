import { fetchWithinDeadline, StatusError } from '../remotes/fetch-within-deadline';
import { decodeFields, encodeFields, type StoredMap } from './firestore-values';

/**
 * A small Firestore REST client. The render server is one dependency-free webpack bundle:
 * firebase-admin (gRPC, native parts, tens of MB) is not bundled, and two calls are all field
 * data needs. On Cloud Run the service account's token comes from the metadata server.
 */

/** An upsert of `fields` (exactly the paths of `mask`), then `increments` added atomically. */
export interface IncrementWrite {
  /** The document's path in the database, "collection/id". */
  readonly path: string;
  readonly fields: StoredMap;
  readonly mask: readonly string[];
  /** Field paths ("lcp.b12") and the whole numbers to add to them. */
  readonly increments: Readonly<Record<string, number>>;
  /** Field paths ("inpWorst.<mark>") each set to the larger of its value and this one. */
  readonly maximums?: Readonly<Record<string, number>>;
}

/** A create-only document: written only if there is none at `path` yet. */
export interface CreateOnly {
  readonly path: string;
  /** Stored as a timestamp field of that name (a TTL policy's field), ms since the epoch. */
  readonly expireAt: { readonly field: string; readonly at: number };
}

/** Whether a create-only write made its document, found one there, or may be tried again. */
export type CreateOutcome = 'created' | 'exists' | 'retry';

export interface FirestoreRest {
  readonly projectId: string;
  /** Applies the writes in one atomic commit (Firestore takes at most 500). */
  commit(writes: readonly IncrementWrite[]): Promise<void>;
  /**
   * Creates each document that is not there yet, each on its own (a batch write, not atomic:
   * one that exists fails alone); the outcomes in the order given (at most 500 a call).
   */
  createEach(documents: readonly CreateOnly[]): Promise<CreateOutcome[]>;
  /** A document's fields, or null when there is none. */
  getDocument(path: string): Promise<StoredMap | null>;
}

export interface FirestoreRestOptions {
  readonly projectId: string;
  /** host:port of an emulator; unset, Google's production endpoint. */
  readonly emulatorHost: string | undefined;
  readonly deadlineMs: number;
  /** Production's endpoints (tests put a stand-in there): Firestore's API and the token's source. */
  readonly endpoints?: { readonly firestore: string; readonly token: string };
}

const googleEndpoints = {
  firestore: 'https://firestore.googleapis.com',
  // Cloud Run's metadata server: a token of the service's own account.
  token:
    'http://metadata.google.internal/computeMetadata/v1/instance/service-accounts/default/token',
};
/** gRPC status codes of a create-only write that found its document there already. */
const alreadyThere = new Set([6 /* ALREADY_EXISTS */, 9 /* FAILED_PRECONDITION */]);

/** A batch write's per-write statuses (a missing code is OK), as outcomes. */
function outcomesOf(body: unknown, count: number): CreateOutcome[] {
  const statuses = (body as { status?: unknown } | null)?.status;
  if (!Array.isArray(statuses) || statuses.length !== count)
    throw new Error('Firestore batchWrite answered without a status per write');
  return statuses.map((status: unknown) => {
    const code = (status as { code?: unknown } | null)?.code ?? 0;
    if (code === 0) return 'created';
    return typeof code === 'number' && alreadyThere.has(code) ? 'exists' : 'retry';
  });
}

/** A token is renewed this long before it expires, so no call goes out with a stale one. */
const tokenMarginMs = 60_000;

/** A document path: collection/id pairs, each segment plain (no "/", not "." or ".."). */
function documentPath(path: string): string {
  const segments = path.split('/');
  if (segments.length % 2 !== 0 || segments.some((s) => s === '' || s === '.' || s === '..')) {
    throw new Error(`Not a document path: ${JSON.stringify(path)}`);
  }
  return segments.map(encodeURIComponent).join('/');
}

export function createFirestoreRest(options: FirestoreRestOptions): FirestoreRest {
  const { projectId, emulatorHost, deadlineMs, endpoints = googleEndpoints } = options;
  const database = `projects/${projectId}/databases/(default)`;
  const base = `${emulatorHost ? `http://${emulatorHost}` : endpoints.firestore}/v1`;
  let token: { value: string; renewAt: number } | undefined;

  async function authorization(): Promise<string> {
    if (emulatorHost) return 'Bearer owner';
    if (token && Date.now() < token.renewAt) return `Bearer ${token.value}`;
    const response = await fetchWithinDeadline(endpoints.token, deadlineMs, {
      'Metadata-Flavor': 'Google',
    });
    const body: unknown = await response.json();
    const { access_token: value, expires_in: expiresIn } = (body ?? {}) as Record<string, unknown>;
    if (typeof value !== 'string' || typeof expiresIn !== 'number') {
      throw new Error('The metadata server answered without an access token');
    }
    token = { value, renewAt: Date.now() + expiresIn * 1000 - tokenMarginMs };
    return `Bearer ${value}`;
  }

  /** POSTs `body` to the database's `documents:<method>` and returns the answer's text. */
  async function post(method: 'commit' | 'batchWrite', body: unknown): Promise<string> {
    const response = await fetch(`${base}/${database}/documents:${method}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: await authorization() },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(deadlineMs),
    });
    const text = await response.text();
    if (!response.ok)
      throw new Error(`Firestore ${method} answered ${response.status}: ${text.slice(0, 300)}`);
    return text;
  }

  return {
    projectId,
    async commit(writes) {
      for (const write of writes) documentPath(write.path);
      const body = {
        writes: writes.map((write) => ({
          update: {
            name: `${database}/documents/${write.path}`,
            fields: encodeFields(write.fields),
          },
          updateMask: { fieldPaths: write.mask },
          updateTransforms: [
            ...Object.entries(write.increments).map(([fieldPath, by]) => ({
              fieldPath,
              increment: { integerValue: String(by) },
            })),
            ...Object.entries(write.maximums ?? {}).map(([fieldPath, value]) => ({
              fieldPath,
              maximum: { integerValue: String(value) },
            })),
          ],
        })),
      };
      await post('commit', body);
    },
    async createEach(documents) {
      if (documents.length === 0) return [];
      for (const document of documents) documentPath(document.path);
      const body = {
        writes: documents.map(({ path, expireAt }) => ({
          update: {
            name: `${database}/documents/${path}`,
            fields: { [expireAt.field]: { timestampValue: new Date(expireAt.at).toISOString() } },
          },
          currentDocument: { exists: false },
        })),
      };
      return outcomesOf(JSON.parse(await post('batchWrite', body)) as unknown, documents.length);
    },
    async getDocument(path) {
      const url = `${base}/${database}/documents/${documentPath(path)}`;
      try {
        const response = await fetchWithinDeadline(url, deadlineMs, {
          Authorization: await authorization(),
        });
        const body = (await response.json()) as { fields?: unknown } | null;
        return decodeFields(body?.fields);
      } catch (error) {
        if (error instanceof StatusError && error.status === 404) return null;
        throw error;
      }
    },
  };
}
