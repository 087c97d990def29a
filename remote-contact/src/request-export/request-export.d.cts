// The API of request-export.cjs for TypeScript importers (the shell type-checks the inbox
// through remote-contact's exposed modules without reading JavaScript sources).

/** One request as exported: every value a string, createdAt in ISO 8601 (UTC). */
export interface ExportRow {
  id: string;
  createdAt: string;
  name: string;
  phone: string;
  email: string;
  company: string;
  message: string;
}

export declare const columns: ReadonlyArray<keyof ExportRow>;
export declare function toCsv(rows: ReadonlyArray<ExportRow>, options?: { bom?: boolean }): string;
export declare function toJson(rows: ReadonlyArray<ExportRow>): string;
export declare function neutralise(value: string): string;
export declare function withoutControls(value: string): string;
