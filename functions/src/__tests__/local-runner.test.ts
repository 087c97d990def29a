import { deliveryQueue } from '../local/delivery-queue';
import { mailLine } from '../local/mail-log';

/**
 * The local runner's parts that need no emulator: how it retries and bounds deliveries, and
 * the line it prints per mail (the whole stack is tested in npm-start-function.test.ts).
 */

const options = { concurrency: 2, attemptDeadlineMs: 1_000, attempts: 3, firstRetryMs: 10 };

describe('the delivery queue of the local runner', () => {
  it('runs at most `concurrency` deliveries at once and delivers every one', async () => {
    const queue = deliveryQueue({ ...options, report: () => undefined });
    let running = 0;
    let most = 0;
    const done: number[] = [];
    for (let n = 0; n < 6; n += 1) {
      queue.add({
        name: `event ${n}`,
        run: async () => {
          running += 1;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 20));
          running -= 1;
          done.push(n);
        },
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(done.sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
  });

  it('retries a failing delivery with a growing pause, then gives up and says so', async () => {
    const lines: string[] = [];
    const queue = deliveryQueue({ ...options, report: (line) => lines.push(line) });
    let tries = 0;
    queue.add({
      name: 'created users/a',
      run: async () => {
        tries += 1;
        throw new Error('emulator unavailable');
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(tries).toBe(3);
    expect(lines).toEqual([
      'created users/a: failed (emulator unavailable); retrying in 10 ms',
      'created users/a: failed (emulator unavailable); retrying in 20 ms',
      'created users/a: gave up after 3 attempts (emulator unavailable)',
    ]);
  });

  it('gives an attempt a deadline, and succeeds on a later try', async () => {
    const lines: string[] = [];
    const queue = deliveryQueue({
      ...options,
      attemptDeadlineMs: 50,
      report: (line) => lines.push(line),
    });
    let tries = 0;
    queue.add({
      name: 'created users/b',
      run: () => (++tries === 1 ? new Promise(() => undefined) : Promise.resolve()),
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(tries).toBe(2);
    expect(lines).toEqual([
      'created users/b: failed (created users/b took longer than 50 ms); retrying in 10 ms',
    ]);
  });
});

describe('the line printed per mail', () => {
  it('names the mail, its recipient and subject on one line, whatever the text holds', () => {
    expect(
      mailLine('abc', {
        to: 'info@firstday.studio',
        message: { subject: 'New project request: Ada\n[functions] mail/x queued to "evil"' },
      }),
    ).toBe(
      'mail/abc queued to "info@firstday.studio": "New project request: Ada\\n[functions] mail/x queued to \\"evil\\"" (not sent locally)',
    );
    expect(mailLine('odd', { to: ['a@example.com', 7], message: null })).toBe(
      'mail/odd queued to "a@example.com": "" (not sent locally)',
    );
  });
});
