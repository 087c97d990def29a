// @ts-check
/**
 * `npm run submissions`: staff list contact requests newest first, or export them as CSV or
 * JSON; `--delete ID` and `--purge-before DATE` delete them. Reads the local Firestore emulator
 * by default, a real project with --project ID. See docs/contact-and-data.md.
 */
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import cli from '../cli/cli.cjs';
import deleting from './delete-submissions.cjs';
import format from './format.cjs';
import options from './options.cjs';
import reader from './read-submissions.cjs';
import requestExport from '../../platform/contact-request/request-export.cjs';

const { toExportRow, toJsonRecord } = requestExport;

const { CliError } = cli;

/** @param {import('./options.cjs').Target} target */
const describe = (target) =>
  target.kind === 'emulator' ? `emulator ${target.host}:${target.port}` : target.projectId;

/**
 * Asks on the terminal; without one (a script, a pipe) only --yes confirms.
 * @param {string} question
 */
async function confirmOnTerminal(question) {
  if (!process.stdin.isTTY) {
    throw new CliError(
      'Not deleting: there is no terminal to ask for confirmation. Run it again with --yes to confirm.',
      2,
    );
  }
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await prompt.question(question)).trim());
  } finally {
    prompt.close();
  }
}

await cli.runCli(async () => {
  const parsed = options.parseOptions(process.argv.slice(2));
  const { format: kind, since, out, target, action, help } = parsed;
  if (help) {
    process.stdout.write(options.usage);
  } else if (action.kind === 'delete') {
    const gone = await deleting.deleteSubmission(target, action.id);
    console.log(
      `Deleted request ${action.id} (${gone.name || 'no name'}, received ${gone.createdAt || 'at an unknown time'}) from ${describe(target)}.`,
    );
  } else if (action.kind === 'purge') {
    const before = action.before.toISOString();
    const result = await deleting.purgeBefore(target, action.before, async (count) => {
      console.error(
        `${count} request${count === 1 ? '' : 's'} received before ${before} will be deleted from ${describe(target)}.`,
      );
      return action.yes || confirmOnTerminal('Delete them? Type "yes" to confirm: ');
    });
    if (result.found === 0) console.log(`No requests received before ${before}; nothing deleted.`);
    else if (result.deleted === 0) {
      console.error('Nothing deleted.');
      process.exitCode = 1;
    } else console.log(`Deleted ${result.deleted} request${result.deleted === 1 ? '' : 's'}.`);
  } else {
    if (kind !== 'table' && !out && options.npmBannerInOutput(process.env, process.stdout.isTTY)) {
      throw new CliError(
        `npm prints its own banner into this output, so it would not be clean ${kind.toUpperCase()}.\n` +
          `Write a file with --out FILE, or run \`npm run -s submissions -- …\` (or node tools/submissions/submissions.mjs …).`,
        2,
      );
    }
    const requests = await reader.readSubmissions(target, { since });
    const rows = requests.map(toExportRow);
    // A BOM only in files: Excel needs it to read UTF-8, while piped output stays clean.
    const text =
      kind === 'csv'
        ? format.toCsv(rows, { bom: Boolean(out) })
        : kind === 'json'
          ? format.toJson(requests.map(toJsonRecord))
          : format.toTable(rows, { since });
    if (out) {
      writeFileSync(out, text, 'utf8');
      console.error(`Wrote ${rows.length} submission(s) from ${describe(target)} to ${out}`);
    } else {
      process.stdout.write(text);
    }
  }
});
