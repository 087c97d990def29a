// @ts-check
/**
 * The phone the site's interaction figures and tests are taken on: 390 x 844 with touch, a CPU
 * 4x slower than this machine's and slow 4G as Lighthouse simulates it (150 ms RTT, 1.6 Mbps
 * down), applied through the DevTools protocol.
 */
const phone = {
  viewport: { width: 390, height: 844 },
  network: {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  },
  cpuSlowdown: 4,
};

/**
 * A fresh touch-screen phone context and a throttled page in it. `cpu: false` leaves the CPU
 * at full speed (for CPU-time measures: a throttled thread's CPU time is not 4x its work's);
 * `cpuSlowdown` replaces the fixed 4x (the bench's phone calibrated to the host).
 * @param {import('playwright-core').Browser} browser
 * @param {{ cpu?: boolean; cpuSlowdown?: number }} [options]
 */
async function openThrottledPhonePage(
  browser,
  { cpu = true, cpuSlowdown = phone.cpuSlowdown } = {},
) {
  const context = await browser.newContext({
    viewport: phone.viewport,
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', phone.network);
  if (cpu) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  return { context, page };
}

module.exports = { phone, openThrottledPhonePage };
