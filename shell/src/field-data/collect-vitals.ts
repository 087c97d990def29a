import { onCLS, onINP, onLCP } from 'web-vitals/attribution';
import type { FieldReporter } from './field-reporter';

/**
 * Hands the reporter LCP, INP and CLS as web-vitals' attribution build finalises them. Called
 * long after the page loaded: web-vitals reads the buffered entries from before (the first
 * input's among them), so nothing of the load is missed.
 */
export function collectVitals(reporter: FieldReporter): void {
  onLCP((metric) => reporter.metric('LCP', metric.value, { lcpTarget: metric.attribution.target }));
  onINP((metric) =>
    reporter.metric('INP', metric.value, {
      inpTarget: metric.attribution.interactionTarget,
      inpType: metric.attribution.interactionType,
    }),
  );
  onCLS((metric) =>
    reporter.metric('CLS', metric.value, { clsTarget: metric.attribution.largestShiftTarget }),
  );
}
