import { collectVitals } from './collect-vitals';
import { fetchViewToken } from './fetch-view-token';
import { startFieldReporter } from './field-reporter';
import type { PageTrouble } from './page-trouble';
import { sendBeacon } from './send-beacon';
import { readTapCounts } from './tap-counts';
import { nextTask } from '../../../federation/runtime-plugins/next-task';

/**
 * The field data of one page load, started once the page is interactive (see start-field-data).
 * `route` is the landing path's route tag (route-tag.ts). Each step is a task of its own: run
 * in the task that evaluated this chunk, the token request, the reporter and web-vitals' three
 * observers were one task of 20-35 ms on a 4x-throttled phone.
 */
export async function runFieldData(
  set: string,
  route: string,
  trouble: PageTrouble,
): Promise<void> {
  let token: string | undefined;
  await nextTask();
  void fetchViewToken(set).then((given) => (token = given));
  await nextTask();
  const reporter = startFieldReporter({
    set,
    route,
    trouble,
    readTaps: () => readTapCounts(),
    send: (body) => sendBeacon(body),
    token: () => token,
  });
  await collectVitals(reporter, nextTask);
}
