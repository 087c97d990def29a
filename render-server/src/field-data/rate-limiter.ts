import { LRUCache } from 'lru-cache';

export interface RateSettings {
  /** Requests a client may make at once. */
  readonly burst: number;
  /** After that, one more per this many ms. */
  readonly refillMs: number;
  /** Clients remembered: the least recently seen are forgotten past this. */
  readonly maxClients: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * A token bucket per client. The buckets live in a bounded LRU map: a flood of made-up
 * clients evicts the oldest ones instead of growing memory (an evicted client starts again
 * with a full bucket, which costs at most one more burst).
 * @returns `take(client)`: true when the client may go on, false when it is over its rate
 */
export function createRateLimiter(settings: RateSettings): (client: string) => boolean {
  const buckets = new LRUCache<string, Bucket>({ max: settings.maxClients });
  return (client) => {
    const now = Date.now();
    const bucket = buckets.get(client) ?? { tokens: settings.burst, at: now };
    // A clock set back must not take tokens away (nor a clock set forward give more than a burst).
    const refilled = Math.max(0, now - bucket.at) / settings.refillMs;
    bucket.tokens = Math.min(settings.burst, bucket.tokens + refilled);
    bucket.at = now;
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    buckets.set(client, bucket);
    return allowed;
  };
}
