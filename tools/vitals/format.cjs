// @ts-check
/** How `npm run vitals` prints figures for people. */

/** @typedef {import('../../platform/field-data/summary.cjs').Figures} Figures */
/** @typedef {import('../../platform/field-data/summary.cjs').GroupFigures} GroupFigures */

/** @param {number | null} rate */
const percent = (rate) => (rate === null ? '–' : `${(rate * 100).toFixed(1)} %`);
/** @param {number | null} value @param {number} samples */
const ms = (value, samples) => (value === null ? '–' : `${Math.round(value)} ms (${samples})`);
/** @param {number | null} value @param {number} samples */
const score = (value, samples) => (value === null ? '–' : `${value.toFixed(3)} (${samples})`);

/**
 * The figures of one group, as lines.
 * @param {Figures} figures @returns {string[]}
 */
function figureLines(figures) {
  return [
    `views ${figures.views}, beacons ${figures.beacons}`,
    `p75 LCP ${ms(figures.lcpP75, figures.lcpSamples)}, INP ${ms(figures.inpP75, figures.inpSamples)}, CLS ${score(figures.clsP75, figures.clsSamples)}  (samples in brackets)`,
    `errors ${figures.errors} (${percent(figures.errorRate)} of views), failed loads ${figures.failedLoads} (${percent(figures.failedLoadRate)})`,
    `taps captured before hydration ${figures.tapsCaptured}, replayed ${figures.tapsReplayed}`,
  ];
}

/**
 * @param {{ from: Date; until: Date; groups: GroupFigures[]; refused: Record<string, number>; where: string }} report
 * @returns {string}
 */
function toText({ from, until, groups, refused, where }) {
  const lines = [`Field data from ${from.toISOString()} to ${until.toISOString()} (${where})`];
  if (groups.length === 0) lines.push('', 'No field data in this window.');
  for (const group of groups) {
    const releases = Object.entries(group.releases)
      .map(([app, version]) => `${app}@${version}`)
      .join(' ');
    lines.push(
      '',
      `${group.route}  set ${group.set}  ${group.lane}${group.canary ? ` (canary ${group.canary})` : ''}  ${group.firstMinute} – ${group.lastMinute}`,
      `  ${releases || 'releases unknown'}`,
      ...figureLines(group.figures).map((line) => `  ${line}`),
    );
  }
  const reasons = Object.entries(refused).sort(([, a], [, b]) => b - a);
  lines.push(
    '',
    reasons.length
      ? `Beacons refused: ${reasons.map(([reason, count]) => `${reason} ${count}`).join(', ')}`
      : 'Beacons refused: none',
  );
  return `${lines.join('\n')}\n`;
}

module.exports = { toText, figureLines };
