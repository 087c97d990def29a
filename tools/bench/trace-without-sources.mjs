// @ts-check
/**
 * Lighthouse's trace gatherer without the three "enhanced traces" categories, for the
 * calibrated phone's runs. Lighthouse records them only so that DevTools can open its traces
 * (its own audits never read them); with them on, every script the page compiles has its whole
 * source and its context copied into the trace from the page's main thread, inside the task that
 * runs the script: 33 ms of one visit of / here, 13 ms of it in main.js's task. A phone pays none
 * of that, and Lighthouse's simulation multiplies it with the page's own work.
 */
import Trace from 'lighthouse/core/gather/gatherers/trace.js';

/** The categories left out: each script's source, its compile record and its target. */
const enhancedTraceCategories = [
  'disabled-by-default-devtools.target-rundown',
  'disabled-by-default-devtools.v8-source-rundown-sources',
  'disabled-by-default-devtools.v8-source-rundown',
];

export class TraceWithoutSources extends Trace {
  /**
   * @override
   * @param {Parameters<Trace['startSensitiveInstrumentation']>[0]} context
   */
  async startSensitiveInstrumentation(context) {
    // Lighthouse's own start, with its category list read once, as it starts, without these.
    const categories = Trace.getDefaultTraceCategories;
    Trace.getDefaultTraceCategories = () =>
      categories().filter((category) => !enhancedTraceCategories.includes(category));
    try {
      await super.startSensitiveInstrumentation(context);
    } finally {
      Trace.getDefaultTraceCategories = categories;
    }
  }
}
