import {
  cleanText,
  leadLimits,
  textLength,
} from '../../../../platform/contact-request/contact-schema.cjs';

/**
 * A note as it would be saved (the schema's cleanText), its length as the rules count it (the
 * schema's textLength: UTF-16 units) and how far past the limit it is (0 within it).
 */
export function measureNote(draft: string): {
  readonly text: string;
  readonly removed: number;
  readonly length: number;
  readonly over: number;
} {
  const cleaned = cleanText(draft, { multiline: true });
  const length = textLength(cleaned.text);
  return { ...cleaned, length, over: Math.max(0, length - leadLimits.note) };
}
