// @ts-check
const { createHash } = require('node:crypto');
const os = require('node:os');

/**
 * The test suite's one time factor: how many times longer work takes on this machine right now
 * than the CPU it needs. Two measures, the larger wins, neither needs a figure from another
 * machine: the processes waiting for a core per core (the load average over the last minute),
 * and wall time over CPU time of a fixed piece of work (a process that just woke up is often
 * served first, so this alone reads too low on a loaded machine). Alone on the machine it is 1;
 * with twice as many busy processes as cores it is about 2. Every time bound of the integration and browser tests
 * (jest's test timeout, a writer's deadline, a wait) is a base figure times this factor, so a
 * busy machine makes the tests slower, not red.
 *
 * `TEST_TIME_FACTOR` sets a floor (the runner's own measure at the start, or a hand-set value);
 * each test file measures again when it starts, because the load changes during a long run.
 */

const floor = 1;
const ceiling = 10;

/** A few milliseconds of CPU work: hashing, which neither allocates much nor waits. */
function work() {
  const block = Buffer.alloc(64 * 1024, 7);
  const hash = createHash('sha256');
  for (let i = 0; i < 64; i += 1) hash.update(block);
  return hash.digest('hex');
}

/**
 * Wall time over CPU time of `rounds` runs of the work, summed: a preemption in one round is
 * part of the share of the CPU this process gets, which is what the factor measures.
 * @param {number} [rounds]
 */
function measureTimeFactor(rounds = 6) {
  let wall = 0;
  let cpu = 0;
  for (let round = 0; round < rounds; round += 1) {
    const cpuBefore = process.cpuUsage();
    const wallBefore = process.hrtime.bigint();
    work();
    wall += Number(process.hrtime.bigint() - wallBefore) / 1e3;
    const used = process.cpuUsage(cpuBefore);
    cpu += used.user + used.system;
  }
  const perCore = (os.loadavg()[0] ?? 0) / Math.max(1, os.availableParallelism());
  return clamp(Math.max(wall / Math.max(1, cpu), perCore));
}

/** @param {number} factor */
function clamp(factor) {
  if (!Number.isFinite(factor)) return floor;
  return Math.round(Math.min(ceiling, Math.max(floor, factor)) * 10) / 10;
}

/**
 * The factor to use now: the larger of `TEST_TIME_FACTOR` (when it is a number) and a fresh
 * measure.
 * @param {NodeJS.ProcessEnv} [source]
 */
function timeFactor(source = process.env) {
  const given = Number(source.TEST_TIME_FACTOR);
  return Math.max(Number.isFinite(given) ? clamp(given) : floor, measureTimeFactor());
}

module.exports = { measureTimeFactor, timeFactor, floor, ceiling };
