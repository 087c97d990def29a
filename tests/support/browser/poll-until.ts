/**
 * Calls `attempt` every 250 ms until it returns something other than undefined, and resolves
 * with it; rejects once `ms` have passed (a change that should reach visitors did not).
 */
export async function pollUntil<T>(ms: number, attempt: () => Promise<T | undefined>): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await attempt();
    if (value !== undefined) return value;
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
