/**
 * A `mailto:` link to exactly one address and nothing else (RFC 6068). Every character that
 * could end the address or start a header (`?`, `&`, `=`, `#`, `%`, `/`, quotes, spaces…) is
 * percent-encoded, so an address read from stored data can never add a Bcc, a subject or a
 * second recipient to the mail. The last `@` stays literal, so ordinary links read as before.
 */
export function mailtoHref(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return `mailto:${encodeURIComponent(address)}`;
  const local = encodeURIComponent(address.slice(0, at));
  const domain = encodeURIComponent(address.slice(at + 1));
  return `mailto:${local}@${domain}`;
}
