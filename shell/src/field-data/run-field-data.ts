import { collectVitals } from './collect-vitals';
import { fetchViewToken } from './fetch-view-token';
import { startFieldReporter } from './field-reporter';
import type { PageTrouble } from './page-trouble';
import { routeTagOf } from './route-tag';
import { sendBeacon } from './send-beacon';
import { readTapCounts } from './tap-counts';

/** The field data of one page load, started once the page is interactive (see start-field-data). */
export function runFieldData(set: string, landingPath: string, trouble: PageTrouble): void {
  let token: string | undefined;
  void fetchViewToken(set).then((given) => (token = given));
  const reporter = startFieldReporter({
    set,
    route: routeTagOf(landingPath),
    trouble,
    readTaps: () => readTapCounts(),
    send: (body) => sendBeacon(body),
    token: () => token,
  });
  collectVitals(reporter);
}
