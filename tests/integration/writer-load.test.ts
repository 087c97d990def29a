import { runWriterLoad } from '../support/emulators/writer-load';

it('1,000 submissions, 10 at once, random faults: stored = sent, 0 duplicated, 0 falsely confirmed', async () => {
  const run = await runWriterLoad('demo-writer-load');
  console.log('Load run:', JSON.stringify(run));
  expect(run.sent).toBe(1_000);
  expect(run.distinctIds).toBe(run.sent);
  expect(run.stored).toBe(run.sent); // stored = sent
  expect(run.strays).toBe(0);
  expect(run.duplicated).toBe(0);
  expect(run.falselyConfirmed).toBe(0);
  // How many gave up after every retry timed out depends on how busy the machine is (a timing,
  // not a behaviour): those visitors were told the truth, that it may or may not have arrived.
  // The run really exercised each fault.
  for (const kind of ['drop', 'lose-answer', 'delay'] as const) {
    expect(run.faults[kind] ?? 0).toBeGreaterThan(10);
  }
});
