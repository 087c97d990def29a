/** The longest name the confirmation greets; longer ones are cut at a word. */
const maxNameLength = 40;

/**
 * The sender's name as the confirmation may greet them, or '' for a plain "Hello,". The name is
 * the one thing of the sender's in that mail, so it must not be able to carry content into a
 * stranger's mailbox: letters (any script), spaces, apostrophes, hyphens and dots only (no
 * digits, @, slashes or other marks a link or address needs), at most 40 characters, and
 * nothing that looks like a domain ("example.com", "www"). Anything else gives ''.
 */
export function senderName(name: string): string {
  const flat = name.normalize('NFC').replace(/\s+/g, ' ').trim();
  if (flat === '' || !/^[\p{L}\p{M}' .\u2019-]+$/u.test(flat)) return '';
  // A dot between letters ("evil.example") or "www" could still be read as a link.
  if (/\p{L}\.\p{L}/u.test(flat) || /\bwww\b/i.test(flat)) return '';
  if (flat.length <= maxNameLength) return flat;
  const cut = flat.slice(0, maxNameLength);
  const lastSpace = cut.lastIndexOf(' ');
  return lastSpace > 0 ? cut.slice(0, lastSpace) : '';
}
