import type { MinuteAggregate } from '../../../platform/field-data/aggregates.cjs';
import { minuteOf } from '../../../platform/field-data/aggregates.cjs';
import { maxMarksPerMinute } from '../../../platform/field-data/client-marks.cjs';
import type { CanaryPolicy } from '../../../platform/releases/canary-judge.cjs';
import { alarmLine, liveAlarmOf } from '../../../platform/releases/live-alarm.cjs';
import { log } from '../log';
import type { SetInfo } from './set-info';

/**
 * This server's own tally of live's last hour, per minute, set and route (views, erring views,
 * visitors by mark), looked at after each flush: the live alarm (live-alarm.cjs) raised in the
 * log as one line naming the set and the routes, once per set. Each instance serves a random
 * share of the visitors, so its share of the field data tells what the whole does, without a
 * read of the store.
 */
export interface LiveWatch {
  add(
    at: number,
    set: string,
    route: string,
    info: SetInfo,
    view: boolean,
    bad: boolean,
    client: string | undefined,
  ): void;
  /** Judges the minutes kept; logs an alarm not logged before. */
  look(now: number): void;
}

/** Minutes kept: the hour before a promote and the minutes after. */
const keptMinutes = 60;

export function createLiveWatch(policy: CanaryPolicy): LiveWatch {
  const minutes = new Map<string, MinuteAggregate>();
  const raised = new Set<string>();
  return {
    add(at, set, route, info, view, bad, client) {
      if (info.lane !== 'live') return;
      const minute = minuteOf(at);
      const key = `${minute} ${set} ${route}`;
      let entry = minutes.get(key);
      if (!entry) {
        entry = {
          minute,
          set,
          route,
          lane: 'live',
          canary: info.canary,
          releases: { ...info.releases },
          beacons: 0,
          views: 0,
          errors: 0,
          failedLoads: 0,
          tapsCaptured: 0,
          tapsReplayed: 0,
          clients: {},
          badClients: {},
        };
        minutes.set(key, entry);
      }
      entry.beacons += 1;
      entry.lastAt = Math.max(entry.lastAt ?? 0, at);
      if (view) entry.views += 1;
      if (bad) entry.errors += 1;
      const marks = entry.clients ?? {};
      // A minute keeps as many marks as a stored one is read with.
      if (client && (client in marks || Object.keys(marks).length < maxMarksPerMinute)) {
        if (view) marks[client] = 1;
        if (bad) (entry.badClients ??= {})[client] = 1;
      }
    },
    look(now) {
      const oldest = new Date(now - keptMinutes * 60_000).toISOString().slice(0, 16);
      for (const [key, entry] of minutes) if (entry.minute < oldest) minutes.delete(key);
      const alarm = liveAlarmOf([...minutes.values()], policy, now);
      if (!alarm || raised.has(alarm.set)) return;
      raised.add(alarm.set);
      log('ERROR', alarmLine(alarm), {
        liveAlarm: { set: alarm.set, before: alarm.before, routes: alarm.routes },
        reasons: alarm.reasons,
      });
    },
  };
}
