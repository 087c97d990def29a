/**
 * Delivers events to a handler the way Eventarc does for a function deployed with `retry: true`:
 * at least once, retried after a failure with a growing pause, never more than `concurrency`
 * at a time, each attempt given a deadline (a deployed function is stopped at its timeout).
 */
import { withinDeadline } from '../../../platform/deadline.cjs';

export interface DeliveryQueueOptions {
  readonly concurrency: number;
  readonly attemptDeadlineMs: number;
  readonly attempts: number;
  readonly firstRetryMs: number;
  /** Told about each failed attempt and each event given up. */
  readonly report: (line: string) => void;
}

export interface Delivery {
  /** What the report lines call it, e.g. "created users/abc". */
  readonly name: string;
  readonly run: () => Promise<unknown>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function withDeadline<T>(work: Promise<T>, ms: number, name: string): Promise<T> {
  return withinDeadline(work, ms, () => new Error(`${name} took longer than ${ms} ms`));
}

export function deliveryQueue(options: DeliveryQueueOptions) {
  const waiting: Delivery[] = [];
  const running = new Set<Promise<void>>();
  let stopped = false;

  async function attempt(delivery: Delivery) {
    for (let tries = 1; ; tries += 1) {
      try {
        await withDeadline(delivery.run(), options.attemptDeadlineMs, delivery.name);
        return;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (tries >= options.attempts || stopped) {
          options.report(`${delivery.name}: gave up after ${tries} attempts (${message})`);
          return;
        }
        const wait = options.firstRetryMs * 2 ** (tries - 1);
        options.report(`${delivery.name}: failed (${message}); retrying in ${wait} ms`);
        await pause(wait);
      }
    }
  }

  function next() {
    while (!stopped && running.size < options.concurrency && waiting.length > 0) {
      const delivery = waiting.shift()!;
      const task = attempt(delivery).finally(() => {
        running.delete(task);
        next();
      });
      running.add(task);
    }
  }

  return {
    add(delivery: Delivery) {
      if (stopped) return;
      waiting.push(delivery);
      next();
    },
    /** Starts nothing more; waits up to `ms` for what runs (a later start delivers the rest). */
    async stop(ms: number) {
      stopped = true;
      waiting.length = 0;
      await withDeadline(Promise.all(running), ms, 'finishing the running deliveries').catch(
        () => undefined,
      );
    },
  };
}
