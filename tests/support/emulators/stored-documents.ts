import { emulatorAddress } from './firestore';

/** A stored document's fields as plain values, read straight from the emulator's REST API. */
export type PlainFields = Record<string, unknown>;

function plain(value: Record<string, unknown>): unknown {
  if ('integerValue' in value) return Number(value.integerValue);
  if ('mapValue' in value) {
    const fields = (value.mapValue as { fields?: Record<string, Record<string, unknown>> }).fields;
    return Object.fromEntries(Object.entries(fields ?? {}).map(([k, v]) => [k, plain(v)]));
  }
  if ('nullValue' in value) return null;
  return Object.values(value)[0];
}

/** Every document of a collection (ids and fields), as the emulator's owner reads them. */
export async function storedDocuments(
  projectId: string,
  collection: string,
): Promise<Array<{ id: string; fields: PlainFields }>> {
  const { host, port } = emulatorAddress();
  const url = `http://${host}:${port}/v1/projects/${projectId}/databases/(default)/documents/${collection}?pageSize=1000`;
  const response = await fetch(url, { headers: { Authorization: 'Bearer owner' } });
  if (!response.ok) throw new Error(`Listing ${collection} answered ${response.status}`);
  const body = (await response.json()) as {
    documents?: Array<{ name: string; fields: Record<string, Record<string, unknown>> }>;
  };
  return (body.documents ?? []).map((doc) => ({
    id: decodeURIComponent(doc.name.split('/').pop() ?? ''),
    fields: plain({ mapValue: { fields: doc.fields } }) as PlainFields,
  }));
}

/** Adds the numbers at `path` ("lcp.b49", "beacons") over documents (missing counts as 0). */
export function sumOf(documents: Array<{ fields: PlainFields }>, path: string): number {
  return documents.reduce((sum, doc) => {
    const value = path
      .split('.')
      .reduce<unknown>((at, key) => (at as PlainFields | undefined)?.[key], doc.fields);
    return sum + (typeof value === 'number' ? value : 0);
  }, 0);
}
