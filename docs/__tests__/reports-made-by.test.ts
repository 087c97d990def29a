/**
 * @jest-environment node
 */
import fs from 'node:fs';
import path from 'node:path';
import benchReport from '../../tools/bench/report.cjs';

/**
 * Every committed report in reports/ names the command that made it, and that command makes it
 * again: the command exists (an npm script, or files that exist) and what it runs names the
 * report it writes. A hand-written page says so in its first heading instead.
 */
const root = path.resolve(__dirname, '..', '..');
const reports = fs.readdirSync(path.join(root, 'reports')).filter((name) => name.endsWith('.md'));
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;

/** The commands a report says made it: "Generated … by `…`", "Written by `…`", "Made by `…`". */
function commandsNamed(markdown: string): string[] {
  return [...markdown.matchAll(/\bby `([^`\n]+)`/g)].map((match) => match[1]!);
}

/**
 * The files a command runs: `npm run x -- …` runs the script's files, `A=b node f.mjs t.test.ts`
 * its own; every word that is a file of the repository counts. None when the command is unknown.
 */
function filesRunBy(command: string): string[] {
  const words = command.split(/\s+/).filter((word) => !/^\w+=/.test(word));
  const npm = /^npm run (\S+)/.exec(words.join(' '));
  if (npm) {
    const script = scripts[npm[1]!];
    return script === undefined ? [] : filesRunBy(script);
  }
  if (words[0] !== 'node') return [];
  return words.filter((word) => /\.[cm]?[jt]s$/.test(word) && fs.existsSync(path.join(root, word)));
}

describe.each(reports)('reports/%s', (name) => {
  const markdown = read(`reports/${name}`);
  // Its first heading; bench.md embeds the hand-written analysis.md further down.
  const handWritten = /^#+ .*hand-written/.test(markdown);

  it('names the command that made it, one that makes it again', () => {
    const commands = commandsNamed(markdown);
    if (handWritten) return;
    expect(commands.length).toBeGreaterThan(0);
    for (const command of commands) {
      const files = filesRunBy(command);
      expect({ command, runs: files.length > 0 }).toEqual({ command, runs: true });
      const writesIt = files.some((file) => read(file).includes(`reports/${name}`));
      expect({ command, writes: writesIt }).toEqual({ command, writes: true });
    }
  });
});

it('reports/bench.md is what npm run bench -- --render makes of reports/bench.json', () => {
  expect(read('reports/bench.md')).toBe(benchReport.renderMarkdown(benchReport.previousReport()));
});

it('the check sees what it is for', () => {
  expect(commandsNamed('Generated 2026 by `npm run chaos` (x); Made by `node a.mjs`')).toEqual([
    'npm run chaos',
    'node a.mjs',
  ]);
  expect(filesRunBy('npm run bench -- --render')).toEqual(['tools/bench/bench.mjs']);
  expect(filesRunBy('node scripts/bench.mjs --no-build')).toEqual([]);
  expect(filesRunBy('FLAG=1 node tools/test/test-browser.mjs tests/browser/chaos.test.ts')).toEqual(
    ['tools/test/test-browser.mjs', 'tests/browser/chaos.test.ts'],
  );
});
