/**
 * Firestore's REST encoding of values (https://firebase.google.com/docs/firestore/reference/rest/v1/Value),
 * as far as field data needs it: strings, whole numbers, null, maps and lists.
 */
type StoredValue = string | number | boolean | null | StoredMap | StoredValue[];
export interface StoredMap {
  readonly [field: string]: StoredValue;
}

export type RestValue =
  | { stringValue: string }
  | { integerValue: string }
  | { doubleValue: number }
  | { booleanValue: boolean }
  | { nullValue: null }
  | { mapValue: { fields: Record<string, RestValue> } }
  | { arrayValue: { values: RestValue[] } };

function encodeValue(value: StoredValue): RestValue {
  if (value === null) return { nullValue: null };
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number')
    return Number.isSafeInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(encodeValue) } };
  return { mapValue: { fields: encodeFields(value) } };
}

export function encodeFields(map: StoredMap): Record<string, RestValue> {
  return Object.fromEntries(Object.entries(map).map(([name, value]) => [name, encodeValue(value)]));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A stored value as plain data; what this module does not know (bytes, geo points) is null. */
function decodeValue(value: unknown): StoredValue {
  if (!isRecord(value)) return null;
  if (typeof value.stringValue === 'string') return value.stringValue;
  if (typeof value.timestampValue === 'string') return value.timestampValue;
  if (typeof value.integerValue === 'string') return Number(value.integerValue);
  if (typeof value.doubleValue === 'number') return value.doubleValue;
  if (typeof value.booleanValue === 'boolean') return value.booleanValue;
  if (isRecord(value.mapValue)) return decodeFields(value.mapValue.fields);
  if (isRecord(value.arrayValue)) {
    const values = value.arrayValue.values;
    return Array.isArray(values) ? values.map(decodeValue) : [];
  }
  return null;
}

export function decodeFields(fields: unknown): StoredMap {
  if (!isRecord(fields)) return {};
  return Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [name, decodeValue(value)]),
  );
}
