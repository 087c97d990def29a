/**
 * An @font-face rule as the arguments of the browser's `FontFace` constructor, so that the
 * client can load the display font without adding a stylesheet: a new sheet has Blink update
 * the page's active style (its rule sets and the font cache) and restyle it in one task.
 */
export interface FontFaceSource {
  readonly family: string;
  /** The rule's `src`, as CSS: `FontFace` parses it the same way. */
  readonly source: string;
  readonly descriptors: Readonly<Record<string, string>>;
}

/** CSS descriptor names as `FontFaceDescriptors` spells them; other descriptors are left out. */
const descriptorNames: Readonly<Record<string, string>> = {
  'font-style': 'style',
  'font-weight': 'weight',
  'font-stretch': 'stretch',
  'font-display': 'display',
  'unicode-range': 'unicodeRange',
  'font-feature-settings': 'featureSettings',
  'size-adjust': 'sizeAdjust',
  'ascent-override': 'ascentOverride',
  'descent-override': 'descentOverride',
  'line-gap-override': 'lineGapOverride',
};

/** The declarations of one rule body, split on `;` outside quotes and parentheses. */
function declarations(body: string): [string, string][] {
  const found: [string, string][] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  const take = (end: number) => {
    const text = body.slice(start, end);
    const colon = text.indexOf(':');
    if (colon > 0)
      found.push([text.slice(0, colon).trim().toLowerCase(), text.slice(colon + 1).trim()]);
    start = end + 1;
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === ';' && depth === 0) take(i);
  }
  take(body.length);
  return found;
}

/**
 * One @font-face rule (as `splitFontFaces` takes it out of a stylesheet) as `FontFace`'s
 * arguments; none if it names no family or no source.
 */
export function fontFaceSource(rule: string): FontFaceSource | undefined {
  const body = rule.slice(rule.indexOf('{') + 1, rule.lastIndexOf('}'));
  let family = '';
  let source = '';
  const descriptors: Record<string, string> = {};
  for (const [name, value] of declarations(body)) {
    if (name === 'font-family') family = value.replace(/^(["'])(.*)\1$/, '$2');
    else if (name === 'src') source = value;
    else if (descriptorNames[name]) descriptors[descriptorNames[name]] = value;
  }
  return family && source ? { family, source, descriptors } : undefined;
}
