import { collectVitals } from './collect-vitals';
import { fetchViewToken } from './fetch-view-token';
import { startFieldReporter } from './field-reporter';
import type { PageTrouble } from './page-trouble';
import { sendBeacon } from './send-beacon';
import { readTapCounts } from './tap-counts';

/** The field data of one page load, started once the page is interactive (see start-field-data). */
/** `route` is the landing path's route tag (route-tag.ts). */
export function runFieldData(set: string, route: string, trouble: PageTrouble): void {
  let token: string | undefined;
  void fetchViewToken(set).then((given) => (token = given));
  const reporter = startFieldReporter({
    set,
    route,
    trouble,
    readTaps: () => readTapCounts(),
    send: (body) => sendBeacon(body),
    token: () => token,
  });
  collectVitals(reporter);
}
