// @ts-check
/** What the command-line scripts (`npm run staff`, `npm run submissions`) share. */

/** A failure the user can act on: its message is printed as is, without a stack trace. */
class CliError extends Error {
  /**
   * @param {string} message
   * @param {number} [exitCode] 2 for a usage mistake, 1 for anything else
   */
  constructor(message, exitCode = 1) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}

/**
 * Runs a script's command: a CliError prints its message and sets the exit code; anything else
 * is a bug and keeps its stack trace.
 * @param {() => Promise<void>} command
 */
async function runCli(command) {
  try {
    await command();
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    console.error(error.message);
    process.exitCode = error.exitCode;
  }
}

/**
 * @typedef {{ kind: 'emulator'; host: string; port: number; projectId: string }
 *   | { kind: 'project'; projectId: string }} Target
 */

/**
 * Where a command works: the real project of `--project ID` alone; else an emulator at
 * `--emulator HOST:PORT`, the emulator's environment variable or the one `npm start` runs, with
 * `--project` as the project id on it.
 * @param {{ emulator: string | undefined; project: string | undefined }} flags
 * @param {string | undefined} fromEnv the emulator's environment variable
 * @param {{ host: string; port: number; projectId: string }} local the emulator `npm start` runs
 * @returns {Target}
 */
function targetOf({ emulator, project }, fromEnv, local) {
  if (project && !emulator) return { kind: 'project', projectId: project };
  const value = emulator ?? fromEnv ?? `${local.host}:${local.port}`;
  const match = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(value.trim());
  const port = match ? Number(match[2]) : NaN;
  if (!match || !match[1] || port < 1 || port > 65535) {
    throw new CliError(
      `--emulator expects HOST:PORT, like ${local.host}:${local.port} (got "${value}")`,
      2,
    );
  }
  return { kind: 'emulator', host: match[1], port, projectId: project ?? local.projectId };
}

module.exports = { CliError, runCli, targetOf };
