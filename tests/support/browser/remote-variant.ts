import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import paths from '../../../tools/stack/paths.cjs';

const run = promisify(execFile);

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
  const out = path.join(root, 'out');
  await run(
    process.execPath,
    [require.resolve('webpack-cli/bin/cli.js'), '--mode', 'production', '--stats', 'errors-only'],
    { cwd: copy, env: { ...process.env, FIRSTDAY_DIST: out } },
  );
  return path.join(out, app);
}
