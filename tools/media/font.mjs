// The display typeface, Space Grotesk (SIL Open Font License 1.1, from
// @fontsource-variable/space-grotesk): a grotesque with the quirks of its monospaced ancestor,
// Space Mono, that stays crisp at the big bold sizes of the studio's headlines. Its whole variable
// weight range is 22 KB before subsetting; display faces with more axes (Bricolage Grotesque:
// optical size, width) cost two to six times that.
//
// Writes, reproducibly (same inputs, same bytes):
// - remote-shared/src/media/fonts/space-grotesk-subset.woff2: the variable font pinned at the
//   one weight the headlines use (bold; a pinned instance is half the bytes of the weight axis)
//   and cut down to the characters the site's content uses, plus ASCII and typographic
//   punctuation, with its licence (OFL.txt);
// - remote-shared/src/tokens/fonts.css: its @font-face, and fallback faces whose size and vertical
//   metrics are overridden to take the same room, so swapping the font in moves nothing.
// `node tools/media/font.mjs` (also run by `npm run media`). Needs DejaVu Sans installed
// (Debian: fonts-dejavu-core), the fallback of Linux machines without Arial.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { fromBuffer } from '@capsizecss/unpack';
import { fromFile } from '@capsizecss/unpack/fs';
import { entireMetricsCollection } from '@capsizecss/metrics/entireMetricsCollection';
import prettier from 'prettier';
import subsetFont from 'subset-font';
import { characters } from './font-characters.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const source =
  require.resolve('@fontsource-variable/space-grotesk/files/space-grotesk-latin-wght-normal.woff2');
const contentDir = path.join(root, 'remote-shared/src/content');
const fontFile = path.join(root, 'remote-shared/src/media/fonts/space-grotesk-subset.woff2');
const cssFile = path.join(root, 'remote-shared/src/tokens/fonts.css');

const family = 'Space Grotesk';
/** Headlines (h1-h3 and the menus' big links) are bold, and nothing else is set in this face. */
const weight = 700;

/**
 * Metrics of one weight of the variable font: an instance pinned at that weight, measured as
 * Capsize measures the system fonts (advance widths weighted by English letter frequency).
 * @param {Buffer} font
 * @param {number} weight
 */
async function instanceMetrics(font, weight) {
  // Every character Capsize weighs is in Latin-1.
  let latin1 = '';
  for (let code = 0x20; code <= 0xff; code += 1)
    if (code < 0x7f || code > 0x9f) latin1 += String.fromCharCode(code);
  const instance = await subsetFont(font, latin1, {
    variationAxes: { wght: weight },
    targetFormat: 'truetype',
  });
  return fromBuffer(instance);
}

/** DejaVu Sans, wherever the system keeps it. @param {string} file */
function dejaVu(file) {
  const dirs = [
    '/usr/share/fonts/truetype/dejavu',
    '/usr/share/fonts/dejavu-sans-fonts',
    '/usr/share/fonts/TTF',
    '/usr/share/fonts/dejavu',
    '/usr/local/share/fonts',
  ];
  const found = dirs
    .map((dir) => path.join(dir, file))
    .find((candidate) => fs.existsSync(candidate));
  if (!found)
    throw new Error(`${file} not found: install DejaVu Sans (Debian: fonts-dejavu-core).`);
  return found;
}

/**
 * @typedef {{ ascent: number, descent: number, lineGap: number, unitsPerEm: number,
 *   xWidthAvg: number }} Metrics
 * @typedef {{ name: string, why: string, locals: string[], metrics: Metrics }} Fallback
 */

const percent = (/** @type {number} */ value) => `${(value * 100).toFixed(2)}%`;

/**
 * A local font scaled to the display font's average width, with its ascent, descent and line
 * gap replaced by the display font's (as fractions of the em box, divided by the scale).
 * @param {Metrics} target @param {Metrics} local
 */
function overrides(target, local) {
  const sizeAdjust = target.xWidthAvg / target.unitsPerEm / (local.xWidthAvg / local.unitsPerEm);
  return {
    'size-adjust': percent(sizeAdjust),
    'ascent-override': percent(target.ascent / target.unitsPerEm / sizeAdjust),
    'descent-override': percent(Math.abs(target.descent) / target.unitsPerEm / sizeAdjust),
    'line-gap-override': percent(target.lineGap / target.unitsPerEm / sizeAdjust),
  };
}

async function main() {
  const original = fs.readFileSync(source);
  const text = characters(contentDir).join('');
  // The layout features browsers apply by default (harfbuzz's default set, for Latin) and tabular
  // figures; the font's stylistic sets and other opt-in features are left out (1.5 KB).
  // (keepFeatures is newer than subset-font's type definitions, hence the separate object.)
  const subsetOptions = {
    targetFormat: /** @type {const} */ ('woff2'),
    variationAxes: { wght: weight },
    keepFeatures: 'ccmp locl mark mkmk kern liga clig calt rlig rvrn tnum'.split(' '),
  };
  const subset = await subsetFont(original, text, subsetOptions);
  fs.mkdirSync(path.dirname(fontFile), { recursive: true });
  fs.writeFileSync(fontFile, subset);
  // The licence travels with the font, as the OFL asks.
  fs.copyFileSync(
    require.resolve('@fontsource-variable/space-grotesk/LICENSE'),
    path.join(path.dirname(fontFile), 'OFL.txt'),
  );

  const target = await instanceMetrics(original, weight);
  const { arial, roboto } = entireMetricsCollection;
  /** @type {Fallback[]} */
  const fallbacks = [
    {
      name: `${family} Fallback`,
      why: 'Windows and macOS: Arial, or its metric twins Helvetica and Liberation Sans',
      locals: [
        'Arial Bold',
        'Arial-BoldMT',
        'Helvetica Bold',
        'Helvetica-Bold',
        'Liberation Sans Bold',
        'LiberationSans-Bold',
      ],
      metrics: arial.variants['700'],
    },
    {
      name: `${family} Fallback Roboto`,
      why: 'Android and ChromeOS: Roboto',
      locals: ['Roboto Bold', 'Roboto-Bold'],
      metrics: roboto.variants['700'],
    },
    {
      name: `${family} Fallback DejaVu`,
      why: 'Linux without Arial: DejaVu Sans',
      locals: ['DejaVu Sans Bold', 'DejaVuSans-Bold'],
      metrics: await fromFile(dejaVu('DejaVuSans-Bold.ttf')),
    },
  ];

  const face = (/** @type {Record<string, string>} */ descriptors) =>
    `@font-face {\n${Object.entries(descriptors)
      .map(([name, value]) => `  ${name}: ${value};`)
      .join('\n')}\n}\n`;
  const widths = (/** @type {Metrics} */ m) => `${m.xWidthAvg}/${m.unitsPerEm}`;
  const css = [
    `/*
 * Generated by tools/media/font.mjs (npm run media): edit the script, not this file.
 *
 * ${family} at weight ${weight} (the headlines' one weight), subset to ${[...text].length} characters.
 * Until it arrives (font-display: swap) text is drawn in a fallback face: the bold of a local
 * font, scaled (size-adjust) to ${family}'s average character width, with ${family}'s vertical
 * metrics (ascent ${target.ascent}, descent ${-target.descent}, line gap ${target.lineGap} per ${target.unitsPerEm} units), so both take the same
 * room and the swap moves nothing. Average widths are Capsize's (advance widths weighted by
 * English letter frequency, per em): ${family} ${widths(target)}, from the font file; Arial and
 * Roboto from @capsizecss/metrics; DejaVu Sans from its font file.
 */`,
    face({
      'font-family': `'${family}'`,
      src: `url('../media/fonts/${path.basename(fontFile)}') format('woff2')`,
      'font-weight': String(weight),
      'font-style': 'normal',
      'font-display': 'swap',
    }),
    ...fallbacks.flatMap(({ name, why, locals, metrics }) => [
      `/* ${why}. */`,
      face({
        'font-family': `'${name}'`,
        src: locals.map((local) => `local('${local}')`).join(', '),
        'font-weight': String(weight),
        'font-style': 'normal',
        ...overrides(target, metrics),
      }),
    ]),
  ].join('\n');
  const options = (await prettier.resolveConfig(cssFile)) ?? {};
  fs.writeFileSync(cssFile, await prettier.format(css, { ...options, filepath: cssFile }));

  console.log(
    `${path.relative(root, fontFile)}: ${subset.length} bytes (from ${original.length}), ${[...text].length} characters`,
  );
  console.log(`${path.relative(root, cssFile)}: @font-face for ${family} and its fallbacks`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
