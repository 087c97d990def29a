import { LRUCache } from 'lru-cache';

/**
 * The render server's log: one JSON object per line, as Cloud Logging reads it from a Cloud Run
 * container's output (`severity`, `message`, `time`, and the fields as they are), or a line a
 * person reads when LOG_FORMAT=pretty (the default when the output is a terminal).
 */
export type Severity = 'INFO' | 'NOTICE' | 'WARNING' | 'ERROR';

export type LogFields = Readonly<Record<string, unknown>>;

/** JSON lines until the server's config says otherwise (configureLog). */
let pretty = false;

/** Sets how lines are written, from the server's config (read once, at start). */
export function configureLog({ prettyLog }: { readonly prettyLog: boolean }): void {
  pretty = prettyLog;
}

/** An error as a log field: its message and stack, never more. */
export function errorField(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: error.message, stack: error.stack };
  return { message: String(error) };
}

function prettyLine(severity: Severity, message: string, fields: LogFields): string {
  const rest = Object.entries(fields)
    .map(
      ([name, value]) =>
        `\n  ${name}: ${typeof value === 'string' ? value : JSON.stringify(value)}`,
    )
    .join('');
  return `${new Date().toISOString()} ${severity.padEnd(7)} ${message}${rest}`;
}

export function log(severity: Severity, message: string, fields: LogFields = {}): void {
  const line = pretty
    ? prettyLine(severity, message, fields)
    : JSON.stringify({ severity, message, time: new Date().toISOString(), ...fields });
  (severity === 'ERROR' || severity === 'WARNING' ? process.stderr : process.stdout).write(
    `${line}\n`,
  );
}

/**
 * A log of errors that would repeat (a broken page is asked for again and again): each key is
 * logged the first time it is seen; at most `remembered` keys are kept.
 */
export function errorOnce(
  remembered: number,
): (key: string, message: string, fields: LogFields) => void {
  const logged = new LRUCache<string, true>({ max: remembered });
  return (key, message, fields) => {
    if (logged.has(key)) return;
    logged.set(key, true);
    log('ERROR', message, fields);
  };
}
