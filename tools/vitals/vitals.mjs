// @ts-check
/**
 * `npm run vitals`: what visitors met, from the field data the render servers aggregate per
 * minute, version set and route. Reads the local Firestore emulator by default, a real project
 * with --project ID. When live's set changed in the window, the live alarm compares the two
 * (live-alarm.cjs) and, with --to, records an alarm in the release history. See
 * docs/releases.md.
 */
import summary from '../../platform/field-data/summary.cjs';
import liveAlarm from '../../platform/releases/live-alarm.cjs';
import cli from '../cli/cli.cjs';
import format from './format.cjs';
import options from './options.cjs';
import reader from './read-field-data.cjs';
import { recordAlarm } from './record-alarm.mjs';

await cli.runCli(async () => {
  const { from, until, json, target, help, dir, policy } = options.parseOptions(
    process.argv.slice(2),
  );
  if (help) {
    process.stdout.write(options.usage);
    return;
  }
  const { aggregates, refused } = await reader.withFirestore(target, (db) =>
    reader.readWindow(db, { from, until }),
  );
  const groups = summary.summarizeByRouteAndSet(aggregates);
  const alarm = liveAlarm.liveAlarmOf(aggregates, policy, until.getTime());
  const recorded = alarm && dir ? await recordAlarm(dir, alarm) : false;
  const where =
    target.kind === 'emulator' ? `emulator ${target.host}:${target.port}` : target.projectId;
  const alarmJson = alarm && {
    ...alarm,
    line: liveAlarm.alarmLine(alarm, dir),
    command: liveAlarm.rollbackCommandOf(alarm, dir),
    recorded,
  };
  process.stdout.write(
    json
      ? `${JSON.stringify({ from: from.toISOString(), until: until.toISOString(), groups, refused, alarm: alarmJson }, null, 2)}\n`
      : format.toText({ from, until, groups, refused, where }) +
          (alarm
            ? `\n${liveAlarm.alarmLine(alarm, dir)}\n${alarm.reasons.map((reason) => `  - ${reason}\n`).join('')}${recorded ? `Recorded in ${dir}'s release history.\n` : ''}`
            : ''),
  );
});
