/**
 * A `mailto:` link to exactly one address and nothing else (RFC 6068). Every character that
 * could end the address or start a header (`?`, `&`, `=`, `#`, `%`, `/`, quotes, spaces…) is
 * percent-encoded, so an address read from stored data can never add a Bcc, a subject or a
 * second recipient to the mail. The last `@` stays literal, so ordinary links read as before.
 */
export function mailtoHref(address: string, subject?: string): string {
  const at = address.lastIndexOf('@');
  const to =
    at < 0
      ? encodeURIComponent(address)
      : `${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`;
  return `mailto:${to}${subject ? `?subject=${encodeURIComponent(oneLine(subject))}` : ''}`;
}

/**
 * A subject on one line: it is built from stored text (a name), and a line break in it could
 * start another header in some mail programs. Control and line-separator characters become
 * spaces; the rest is percent-encoded by the caller, so `&` or `=` never start a parameter.
 */
function oneLine(text: string): string {
  return text
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
