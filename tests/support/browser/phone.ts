import type { Browser, BrowserContext, Page } from 'playwright-core';
import phoneProfile from '../../../tools/browser/phone-profile.cjs';

export const phoneViewport = phoneProfile.phone.viewport;

/** A fresh touch-screen phone context with a throttled page. */
export async function openPhonePage(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const { context, page } = await phoneProfile.openThrottledPhonePage(browser);
  // Notes, for every tap, whether the app had hydrated yet: a test of taps "before hydration"
  // proves they were.
  await page.addInitScript(() => {
    const taps: boolean[] = [];
    Object.assign(window, { __tapsAfterHydration: taps });
    document.addEventListener(
      'click',
      () => taps.push(document.documentElement.hasAttribute('data-client-ready')),
      true,
    );
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { context, page, errors };
}

/** For each tap so far, whether the app had hydrated when it landed. */
export const tapsAfterHydration = (page: Page): Promise<boolean[]> =>
  page.evaluate(
    () => (window as unknown as { __tapsAfterHydration: boolean[] }).__tapsAfterHydration,
  );

/**
 * Holds back the page's scripts until `release()`: the tap then lands before hydration however
 * fast this machine is, as it does on a phone whose scripts are still on their way. Nothing else
 * changes: the same scripts run, in the same order, once released.
 */
export async function holdScripts(page: Page): Promise<{ release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.endsWith('.js'),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return { release };
}
