import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { loadDeadlineMs } from './load-deadline';

/**
 * A remote's entry script that does not arrive within the load deadline counts as failed (the
 * runtime's own limit is 20 s), so its page area says "unavailable" instead of "Loading…".
 */
export default function entryDeadlinePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'firstday-entry-deadline',
    createScript({ url, attrs }) {
      const script = document.createElement('script');
      script.src = url;
      // Returning a script means the runtime no longer applies the attributes it asked for.
      for (const [name, value] of Object.entries(attrs ?? {})) {
        if (name === 'async' || name === 'defer') script[name] = Boolean(value);
        else script.setAttribute(name, String(value));
      }
      return { script, timeout: loadDeadlineMs };
    },
  };
}
