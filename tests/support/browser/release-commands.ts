import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import paths from '../../../tools/stack/paths.cjs';

const execFileAsync = promisify(execFile);

/**
 * Runs one of the release commands (tools/release/<name>) as a team would; resolves with its output,
 * exit code and how long it took. Past `timeoutMs` (if given) it is killed: code -1.
 */
export async function releaseCommand(
  name: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<{ code: number; out: string; ms: number }> {
  const started = Date.now();
  try {
    const { stdout, stderr } = await execFileAsync(
      process.execPath,
      [path.join(paths.repoRoot, 'tools', 'release', name), ...args],
      {
        cwd: options.cwd ?? paths.repoRoot,
        env: { ...process.env, ...options.env },
        timeout: options.timeoutMs ?? 0,
        killSignal: 'SIGKILL',
      },
    );
    return { code: 0, out: stdout + stderr, ms: Date.now() - started };
  } catch (error) {
    const failed = error as { code: number | null; stdout: string; stderr: string };
    return {
      code: failed.code ?? -1,
      out: failed.stdout + failed.stderr,
      ms: Date.now() - started,
    };
  }
}

/**
 * Publishes an app's existing build into `dir` (`npm run release -w <app> -- --no-build`) and
 * returns its version.
 */
export async function publishBuild(
  dir: string,
  appDir: string,
  env: Record<string, string> = {},
): Promise<string> {
  const { code, out } = await releaseCommand('release.mjs', ['--to', dir, '--no-build'], {
    cwd: appDir,
    env,
  });
  expect({ code, out }).toMatchObject({ code: 0 });
  return /Published [\w-]+@(\S+) in/.exec(out)?.[1] ?? '(no version)';
}
