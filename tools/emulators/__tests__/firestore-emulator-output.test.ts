/**
 * @jest-environment node
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { tailChars } from '../startup-output.cjs';

const run = promisify(execFile);

// A stand-in `java` on PATH that talks like the emulator: chatter, the line that says it runs,
// then a long stream of request logs (what a few thousand local writes make it print). The
// starter must stop reading once the emulator is up, or each line costs more than the last.
const lines = 10_000;
const fakeJava = `#!/usr/bin/env node
if (process.argv.includes('-version')) process.exit(0);
// About a kilobyte a line, like a logged warning with its stack frames.
const frames = '\\tat com.google.cloud.datastore.emulator.firestore.webchannel.Handler.run(Handler.java:42)'.repeat(11);
const line = (i) => 'WARNING: request ' + i + ' ' + frames + '\\n';
let i = 0;
function chatter(count, then) {
  const end = i + count;
  (function next() {
    if (i >= end) return then();
    // Five lines a tick: they reach the starter as separate chunks, as a busy emulator's do.
    let burst = '';
    for (let n = 0; n < 5 && i < end; n += 1) burst += line(i++);
    process.stdout.write(burst, () => setTimeout(next, 0));
  })();
}
if (process.env.FAKE_FAIL) chatter(${lines}, () => process.exit(3));
else chatter(50, () => {
  process.stdout.write('API endpoint: http://127.0.0.1\\nDev App Server is now running.\\n');
  chatter(${lines}, () => require('node:fs').writeFileSync(process.env.FAKE_DONE, 'done'));
});
setInterval(() => {}, 60_000);
`;

// The starter runs in a child process of its own: its PATH finds the stand-in, and its CPU time
// and heap are the starter's alone.
const measure = `
const { startFirestoreEmulator } = require(${JSON.stringify(path.join(__dirname, '../firestore-emulator.cjs'))});
const fs = require('node:fs');
(async () => {
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const sampler = setInterval(() => {
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }, 10);
  const cpuBefore = process.cpuUsage();
  const emulator = await startFirestoreEmulator({ port: Number(process.env.FAKE_PORT), projectId: 'output-test' });
  while (!fs.existsSync(process.env.FAKE_DONE)) await new Promise((resolve) => setTimeout(resolve, 20));
  await emulator.stop();
  const cpu = process.cpuUsage(cpuBefore);
  clearInterval(sampler);
  heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  process.stdout.write(JSON.stringify({
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    heapMb: (heapPeak - heapBefore) / 2 ** 20,
  }));
})().catch((error) => {
  process.stdout.write(JSON.stringify({ error: error.message }), () => process.exit(0));
});
`;

let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emulator-output-'));
  fs.writeFileSync(path.join(dir, 'java'), fakeJava, { mode: 0o755 });
  fs.writeFileSync(path.join(dir, 'emulator.jar'), '');
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A port nothing listens on. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Runs the starter against the stand-in in a child process; what it printed, parsed. */
async function runStarter(extraEnv: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const { stdout } = await run(process.execPath, ['-e', measure], {
    env: {
      // Only the stand-in and node: no gcloud, so FIRESTORE_EMULATOR_JAR is the jar.
      PATH: `${dir}:${path.dirname(process.execPath)}`,
      FIRESTORE_EMULATOR_JAR: path.join(dir, 'emulator.jar'),
      FAKE_DONE: path.join(dir, 'done'),
      FAKE_PORT: String(await freePort()),
      ...extraEnv,
    },
    timeout: 100_000,
  });
  return JSON.parse(stdout) as Record<string, unknown>;
}

test(`the starter reads ${lines.toLocaleString('en')} lines of emulator output for under 1 s of CPU and 50 MB`, async () => {
  const { cpuSeconds, heapMb } = await runStarter();
  expect(cpuSeconds).toBeLessThan(1);
  expect(heapMb).toBeLessThan(50);
}, 120_000);

test('an emulator that fails to start is reported with the end of its output, and no more', async () => {
  const { error } = await runStarter({ FAKE_FAIL: '1' });
  expect(error).toMatch(/^The Firestore emulator exited \(3\)/);
  expect(error).toContain(`request ${lines - 1} `);
  expect((error as string).length).toBeLessThan(tailChars + 200);
}, 120_000);
