import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import paths from '../../tools/stack/paths.cjs';

/**
 * What a production build puts in dist is what gets deployed: no source maps (they carry the
 * full sources), no federation build report (mf-stats.json), and no absolute path of the
 * machine that built it in any file. Builds remote-shared, the quickest app, for real.
 */

const run = promisify(execFile);
let out: string;

beforeAll(async () => {
  out = fs.mkdtempSync(path.join(os.tmpdir(), 'deployed-files-'));
  await run(
    process.execPath,
    [require.resolve('webpack-cli/bin/cli.js'), '--mode', 'production', '--stats', 'errors-only'],
    {
      cwd: path.join(paths.repoRoot, 'remote-shared'),
      env: { ...process.env, FIRSTDAY_DIST: out },
    },
  );
}, 180_000);

afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

const deployed = () =>
  fs.readdirSync(path.join(out, 'remote-shared'), { recursive: true, encoding: 'utf8' });

describe('a production build', () => {
  it('contains no source map and no mf-stats.json', () => {
    const files = deployed();
    expect(files).toContain('mf-manifest.json');
    expect(files.filter((file) => /\.map(\.|$)|mf-stats/.test(file))).toEqual([]);
  });

  it('names no absolute path of the build machine in any file', () => {
    const machinePaths = [paths.repoRoot, os.homedir(), out].filter((p) => p.length > 1);
    for (const file of deployed()) {
      const full = path.join(out, 'remote-shared', file);
      if (
        !fs.statSync(full).isFile() ||
        /\.(gz|br|webp|avif|png|jpe?g|mp4|webm|mp3|woff2)$/.test(file)
      )
        continue;
      const text = fs.readFileSync(full, 'utf8');
      for (const machinePath of machinePaths) {
        expect({ file, contains: text.includes(machinePath) }).toEqual({ file, contains: false });
      }
    }
  });
});
