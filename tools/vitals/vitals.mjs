// @ts-check
/**
 * `npm run vitals`: what visitors met, from the field data the render servers aggregate per
 * minute, version set and route. Reads the local Firestore emulator by default, a real project
 * with --project ID. See docs/releases.md.
 */
import summary from '../../platform/field-data/summary.cjs';
import cli from '../cli/cli.cjs';
import format from './format.cjs';
import options from './options.cjs';
import reader from './read-field-data.cjs';

await cli.runCli(async () => {
  const { from, until, json, target, help } = options.parseOptions(process.argv.slice(2));
  if (help) {
    process.stdout.write(options.usage);
    return;
  }
  const { aggregates, refused } = await reader.withFirestore(target, (db) =>
    reader.readWindow(db, { from, until }),
  );
  const groups = summary.summarizeByRouteAndSet(aggregates);
  const where =
    target.kind === 'emulator' ? `emulator ${target.host}:${target.port}` : target.projectId;
  process.stdout.write(
    json
      ? `${JSON.stringify({ from: from.toISOString(), until: until.toISOString(), groups, refused }, null, 2)}\n`
      : format.toText({ from, until, groups, refused, where }),
  );
});
