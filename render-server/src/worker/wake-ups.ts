/**
 * Callers waiting for something to come free (a worker, a render slot): each waits until it is
 * woken or its time is up, whichever comes first, so no wait outlives its deadline.
 */
export class WakeUps {
  private readonly waiting = new Set<() => void>();

  /** Resolves when `wakeAll` is next called, or after `ms`. */
  next(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const woken = () => {
        clearTimeout(timer);
        this.waiting.delete(woken);
        resolve();
      };
      const timer = setTimeout(woken, ms);
      this.waiting.add(woken);
    });
  }

  /** Wakes every caller waiting now; each looks again for what it waits for. */
  wakeAll(): void {
    for (const woken of [...this.waiting]) woken();
  }
}
