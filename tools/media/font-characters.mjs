// @ts-check
// The characters the display font's subset keeps: ASCII, typographic punctuation, and every
// character in the string literals of the site's content.
import fs from 'node:fs';
import path from 'node:path';

/**
 * The characters inside the string and template literals of a TypeScript file, read as text
 * (comments and code skipped), so the subset follows the content without importing it.
 * @param {string} code
 */
function literalCharacters(code) {
  const found = new Set();
  let i = 0;
  /** @param {string} quote */
  const readLiteral = (quote) => {
    i += 1;
    while (i < code.length && code[i] !== quote) {
      if (code[i] === '\\') {
        const escape = /^\\(?:u\{([0-9a-fA-F]+)\}|u([0-9a-fA-F]{4})|x([0-9a-fA-F]{2})|(.))/s.exec(
          code.slice(i),
        );
        if (!escape) break;
        const hex = escape[1] ?? escape[2] ?? escape[3];
        const simple = { n: '\n', t: '\t', r: '\r' }[escape[4] ?? ''] ?? escape[4];
        found.add(hex ? String.fromCodePoint(parseInt(hex, 16)) : simple);
        i += escape[0].length;
      } else if (quote === '`' && code.startsWith('${', i)) {
        // Code inside a template: skip to its closing brace (content templates stay simple).
        let depth = 0;
        for (; i < code.length; i += 1) {
          if (code[i] === '{') depth += 1;
          else if (code[i] === '}' && --depth === 0) break;
        }
        i += 1;
      } else {
        const char = String.fromCodePoint(/** @type {number} */ (code.codePointAt(i)));
        found.add(char);
        i += char.length;
      }
    }
    i += 1;
  };
  /** Where `marker` next starts after i, or the end of the file. @param {string} marker */
  const next = (marker) => (code.indexOf(marker, i) === -1 ? code.length : code.indexOf(marker, i));
  while (i < code.length) {
    const char = code.charAt(i);
    if (code.startsWith('//', i)) i = next('\n');
    else if (code.startsWith('/*', i)) i = next('*/') + 2;
    else if (char === "'" || char === '"' || char === '`') readLiteral(char);
    else i += 1;
  }
  found.delete('\n');
  found.delete('\t');
  found.delete('\r');
  return found;
}

/**
 * Every character the font must draw, sorted so the subset does not depend on file order.
 * @param {string} contentDir the site's content (TypeScript modules of text)
 */
function characters(contentDir) {
  const chars = new Set();
  for (let code = 0x20; code <= 0x7e; code += 1) chars.add(String.fromCharCode(code));
  // Typographic punctuation any new text may use: quotes, dashes, ellipsis, middle dot, no-break
  // space, copyright.
  for (const char of '‘’“”–—…·\u00a0©') chars.add(char);
  const files = fs
    .readdirSync(contentDir)
    .filter((name) => name.endsWith('.ts'))
    .sort();
  for (const name of files) {
    for (const char of literalCharacters(fs.readFileSync(path.join(contentDir, name), 'utf8'))) {
      chars.add(char);
    }
  }
  return [...chars].sort(
    (a, b) => /** @type {number} */ (a.codePointAt(0)) - /** @type {number} */ (b.codePointAt(0)),
  );
}

export { characters };
