/**
 * Text safe to show anywhere: control characters other than tab and line breaks, and the bidi
 * controls (overrides, embeddings, isolates, marks: they reorder how the text is displayed, e.g.
 * in a mail subject) become U+FFFD. The rules refuse them now; documents stored before that, or
 * by an admin tool, may still hold them.
 */
export function neutralise(value: string): string {
  return value.replace(/[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, (character) =>
    character === '\t' || character === '\n' || character === '\r' ? character : '\ufffd',
  );
}

/** Text for an HTML body: the five characters that could start markup or end an attribute. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Text for a Slack message: Slack reads &, < and > as its own markup (links, @channel). */
export function escapeSlack(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** One line for a header such as a subject: no line breaks or controls, bounded length. */
export function oneLine(value: string, max: number): string {
  const flat = value
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
