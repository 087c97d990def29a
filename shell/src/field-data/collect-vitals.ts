import { onCLS, onINP, onLCP, type CLSMetric, type INPMetric, type LCPMetric } from 'web-vitals';
import type { AttributionKey } from './beacon-assembly';
import type { FieldReporter } from './field-reporter';
import { selectorOf } from './selector-of';

type Attribution = Partial<Record<AttributionKey, string>>;

/** Only the keys that have a value (a beacon carries no empty attribution). */
const known = (entries: Record<string, string | undefined>): Attribution =>
  Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined));

/** The element of the largest paint. */
const lcpAttribution = (metric: LCPMetric): Attribution =>
  known({ lcpTarget: selectorOf(metric.entries.at(-1)?.element) });

/** The element the slowest interaction was on, and whether a pointer or a key made it. */
function inpAttribution(metric: INPMetric): Attribution {
  const [first] = metric.entries;
  const target = metric.entries.find((entry) => entry.target)?.target;
  return known({
    inpTarget: selectorOf(target),
    inpType: first ? (first.name.startsWith('key') ? 'keyboard' : 'pointer') : undefined,
  });
}

/** The element that moved most in the largest shift. */
function clsAttribution(metric: CLSMetric): Attribution {
  const largest = metric.entries.reduce<(typeof metric.entries)[number] | undefined>(
    (a, b) => (a && a.value >= b.value ? a : b),
    undefined,
  );
  const sources = largest?.sources ?? [];
  const source = sources.find((s) => s.node?.nodeType === Node.ELEMENT_NODE) ?? sources[0];
  return known({ clsTarget: selectorOf(source?.node) });
}

/**
 * Hands the reporter LCP, INP and CLS as web-vitals finalises them. Called long after the page
 * loaded: web-vitals reads the buffered entries from before (the first input's among them), so
 * nothing of the load is missed. What caused each metric is read from the metric's own entries
 * when it is reported, instead of by web-vitals' attribution build, which does that work (and
 * more: long animation frames, load timings) for every metric and weighs 1.6 KB gzip more.
 */
export async function collectVitals(
  reporter: FieldReporter,
  between: () => Promise<void>,
): Promise<void> {
  // Each observer is set up in a task of its own (after `between`): together they took up to
  // 20 ms of a 4x-throttled phone's main thread at once.
  await between();
  onLCP((metric) => reporter.metric('LCP', metric.value, lcpAttribution(metric)));
  await between();
  onINP((metric) => reporter.metric('INP', metric.value, inpAttribution(metric)));
  await between();
  onCLS((metric) => reporter.metric('CLS', metric.value, clsAttribution(metric)));
}
