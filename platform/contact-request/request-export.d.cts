// The API of request-export.cjs for TypeScript importers (the shell type-checks the inbox
// through remote-contact's exposed modules without reading JavaScript sources).
import type { ContactField, ContextField, DecodedContactRequest } from './contact-request.cjs';

/** The columns, in order; the visitor's fields and the context fields are the schema's. */
export declare const columns: ReadonlyArray<
  | 'createdAt'
  | ContactField
  | 'status'
  | 'owner'
  | 'note'
  | 'changedAt'
  | 'changedBy'
  | 'history'
  | 'spam'
  | ContextField
  | 'id'
>;

/** One request as exported: every value a string, times in ISO 8601 (UTC), '' when absent. */
export type ExportRow = Record<(typeof columns)[number], string>;

export declare function toExportRow(request: DecodedContactRequest): ExportRow;
export declare function toCsv(rows: ReadonlyArray<ExportRow>, options?: { bom?: boolean }): string;
export declare function toJson(rows: ReadonlyArray<ExportRow>): string;
export declare function neutralise(value: string): string;
export declare function withoutControls(value: string): string;
