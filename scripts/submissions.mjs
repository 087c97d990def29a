// @ts-check
/**
 * `npm run submissions`: staff list contact requests newest first, or export them as CSV or
 * JSON. Reads the local Firestore emulator by default, a real project with --project ID.
 * See docs/contact-and-data.md.
 */
import { writeFileSync } from 'node:fs';
import errors from './submissions/cli-error.cjs';
import format from './submissions/format.cjs';
import options from './submissions/options.cjs';
import reader from './submissions/read-submissions.cjs';

const { CliError } = errors;

try {
  const { format: kind, since, out, target, help } = options.parseOptions(process.argv.slice(2));
  if (help) {
    process.stdout.write(options.usage);
  } else {
    const rows = await reader.readSubmissions(target, { since });
    // A BOM only in files: Excel needs it to read UTF-8, while piped output stays clean.
    const text =
      kind === 'csv'
        ? format.toCsv(rows, { bom: Boolean(out) })
        : kind === 'json'
          ? format.toJson(rows)
          : format.toTable(rows, { since });
    if (out) {
      writeFileSync(out, text, 'utf8');
      const source =
        target.kind === 'emulator' ? `emulator ${target.host}:${target.port}` : target.projectId;
      console.error(`Wrote ${rows.length} submission(s) from ${source} to ${out}`);
    } else {
      process.stdout.write(text);
    }
  }
} catch (error) {
  if (error instanceof CliError) {
    console.error(error.message);
    process.exitCode = error.exitCode;
  } else {
    throw error;
  }
}
