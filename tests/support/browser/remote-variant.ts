import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import paths from '../../../tools/stack/paths.cjs';

const run = promisify(execFile);

/** Every file under `dir` but node_modules, in a stable order. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((entry) => !entry.split(path.sep).includes('node_modules'))
    .map((entry) => path.join(dir, entry))
    .filter((file) => fs.statSync(file).isFile())
    .sort();
}

/**
 * What a variant's build depends on, as one hash: the changed copy, and everything of the
 * workspace the copy's build reads (the shared packages, the other remotes and their builds,
 * the base config, the lockfile). The same change in two test files is one build per run, and
 * a later run with the same sources reuses it.
 */
function buildKey(app: string, copy: string): string {
  const hash = createHash('sha256');
  const workspace = ['platform', 'federation', 'remote-shared', 'remote-home', 'remote-contact']
    .filter((folder) => folder !== app)
    .flatMap((folder) => filesUnder(path.join(paths.repoRoot, folder)))
    .concat(
      ['package-lock.json', 'tsconfig.base.json'].map((name) => path.join(paths.repoRoot, name)),
    );
  const inputs = [
    ...filesUnder(copy).map((file) => ({ name: path.join(app, path.relative(copy, file)), file })),
    ...workspace.map((file) => ({ name: path.relative(paths.repoRoot, file), file })),
  ];
  for (const { name, file } of inputs) {
    hash.update(name);
    hash.update('\0');
    hash.update(fs.readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 24);
}

/**
 * A production build of a remote from a changed copy of its sources, as a team would build its
 * next release: `change` edits the copy (e.g. a text), and the build lands in its own folder.
 * Returns that folder (the remote's dist/, browser and server builds).
 */
export async function buildRemoteVariant(
  app: 'remote-home' | 'remote-contact' | 'remote-shared',
  change: (sourceDir: string) => void,
): Promise<string> {
  fs.mkdirSync(path.join(paths.repoRoot, '.tmp'), { recursive: true });
  const root = fs.mkdtempSync(path.join(paths.repoRoot, '.tmp', `${app}-variant-`));
  const copy = path.join(root, app);
  fs.cpSync(path.join(paths.repoRoot, app), copy, {
    recursive: true,
    filter: (source) => !/[\\/](dist|node_modules)$/.test(source),
  });
  // The copy's config and tsconfig reach for the workspace's shared packages (the platform's
  // facts, the federation build) and base config, and the types of the remotes it imports.
  for (const shared of ['platform', 'federation'])
    fs.symlinkSync(path.join(paths.repoRoot, shared), path.join(root, shared));
  for (const other of ['remote-shared', 'remote-home', 'remote-contact'])
    if (other !== app) fs.symlinkSync(path.join(paths.repoRoot, other), path.join(root, other));
  fs.copyFileSync(
    path.join(paths.repoRoot, 'tsconfig.base.json'),
    path.join(root, 'tsconfig.base.json'),
  );
  change(copy);
  const cached = path.join(
    paths.repoRoot,
    '.tmp',
    'variant-builds',
    `${app}-${buildKey(app, copy)}`,
  );
  if (fs.existsSync(path.join(cached, 'complete'))) {
    fs.rmSync(root, { recursive: true, force: true });
    return path.join(cached, 'out', app);
  }
  const out = path.join(root, 'out');
  await run(
    process.execPath,
    [require.resolve('webpack-cli/bin/cli.js'), '--mode', 'production', '--stats', 'errors-only'],
    { cwd: copy, env: { ...process.env, FIRSTDAY_DIST: out } },
  );
  // The whole folder is kept (tests read the changed sources beside the build), and marked
  // complete last, so a run killed half-way never leaves a build another would take.
  fs.mkdirSync(path.dirname(cached), { recursive: true });
  fs.rmSync(cached, { recursive: true, force: true });
  fs.renameSync(root, cached);
  fs.writeFileSync(path.join(cached, 'complete'), '');
  return path.join(cached, 'out', app);
}
