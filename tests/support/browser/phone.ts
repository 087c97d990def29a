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
