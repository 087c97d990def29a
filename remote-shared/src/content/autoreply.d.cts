// The API of autoreply.cjs for TypeScript importers (the notification function).

export declare const autoreply: {
  readonly subject: string;
  /** The first line, with a cleaned name or none. */
  readonly greeting: (name: string) => string;
  readonly paragraphs: readonly string[];
  readonly signOff: readonly string[];
};
