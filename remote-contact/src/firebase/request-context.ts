import { visitSource } from 'remote-shared/hooks';
import {
  contextFields,
  utmParameters,
  type ContextField,
} from '../../../platform/contact-request/contact-schema.cjs';
import { matchesFully } from '../../../platform/contact-request/contact-values.cjs';

/** The context fields a request is stored with: only those present and valid. */
export type StoredContext = Partial<Record<ContextField, string>>;

/**
 * A value the rules will accept, or nothing: cut to the field's limit (campaign tags can be
 * long), then checked against its pattern. A value that fails is left out, never refused: the
 * request matters more than where it came from.
 */
function accepted(field: ContextField, value: string): string | undefined {
  const { max, pattern } = contextFields[field];
  const cut = value.trim().slice(0, max).trim();
  return cut !== '' && matchesFully(cut, pattern) ? cut : undefined;
}

/**
 * Where this request is sent from: the page (path only: a query may hold personal data), the
 * session's landing source (referrer origin, utm_*) and the browser's language.
 */
export function currentRequestContext(): StoredContext {
  const source = visitSource();
  const raw: Partial<Record<ContextField, string>> = {
    page: window.location.pathname,
    referrer: source.referrer,
    language: navigator.language,
  };
  for (const [field, parameter] of Object.entries(utmParameters) as [ContextField, string][]) {
    raw[field] = source.utm[parameter] ?? '';
  }
  const context: StoredContext = {};
  for (const [field, value] of Object.entries(raw) as [ContextField, string][]) {
    const kept = accepted(field, value);
    if (kept !== undefined) context[field] = kept;
  }
  return context;
}
