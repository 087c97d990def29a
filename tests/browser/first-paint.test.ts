/**
 * Interactive from the first paint: on a throttled phone, taps made as soon as a control is
 * painted (not after hydration) take effect, and the navigation works with no scripts at all.
 */
import type { Locator, Page } from 'playwright-core';
import { contactPage, hero, navigation, pages } from 'remote-shared/content';
import type { Browser, BrowserContext } from 'playwright-core';
import { openPhonePage, phoneViewport, tapsAfterHydration } from '../support/browser/phone';
import { launchBrowser, setUpSiteAndBrowser, siteUrl } from '../support/browser/site';

const ctx = setUpSiteAndBrowser();

/** What a test opened, closed after it whether it passed or not. */
const opened: Array<BrowserContext | Browser> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((item) => item.close()));
});

/** A throttled phone page, closed after the test. */
async function phonePage() {
  const phone = await openPhonePage(ctx.browser);
  opened.push(phone.context);
  return phone;
}

const toggle = (p: Page) => p.getByRole('button', { name: /^(Menu|Close)$/ });
const overlay = (p: Page) => p.getByRole('dialog', { name: navigation.overlayLabel });

/** Opens a route and returns as soon as `control` is painted (visible), before hydration. */
async function arriveAt(p: Page, path: string, control: (p: Page) => Locator): Promise<void> {
  await p.goto(siteUrl(path), { waitUntil: 'commit' });
  await control(p).waitFor({ state: 'visible', timeout: 20_000 });
}

/** Taps like a finger, where the control is (scrolled to first if it is below the fold). */
async function tap(p: Page, control: Locator): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  const box = await control.boundingBox();
  if (!box) throw new Error('Not on screen');
  await p.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

/** Clicks where the control is; Playwright's own click would scroll the sticky bar "into view". */
async function clickInPlace(p: Page, control: Locator): Promise<void> {
  const box = await control.boundingBox();
  if (!box) throw new Error('Not on screen');
  await p.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

const waitForHydration = (p: Page) =>
  p.waitForSelector('html[data-client-ready]', { state: 'attached', timeout: 30_000 });

describe('on a phone (4x CPU, 150 ms RTT, 1.6 Mbps), tapped at first paint', () => {
  it.each(['/', '/about', '/contact'])(
    '%s: Menu opens the overlay, and it stays open once the app hydrates',
    async (path) => {
      const { page, errors } = await phonePage();
      await arriveAt(page, path, toggle);
      await tap(page, toggle(page));
      await overlay(page).waitFor({ state: 'visible', timeout: 2_000 });
      expect(await tapsAfterHydration(page)).toEqual([false]);
      expect(await toggle(page).textContent()).toContain(navigation.closeLabel);
      const scroll = await page.evaluate(() => window.scrollY);

      await waitForHydration(page);
      await page.waitForTimeout(300);
      expect(await overlay(page).isVisible()).toBe(true);
      expect(await toggle(page).getAttribute('aria-expanded')).toBe('true');
      expect(await page.evaluate(() => window.scrollY)).toBe(scroll);
      // The hydrated app owns it now: Close closes it.
      await tap(page, toggle(page));
      await overlay(page).waitFor({ state: 'hidden' });
      expect(errors).toEqual([]);
    },
  );

  it('"About Us" in the overlay, tapped before hydration, reaches /about', async () => {
    const { page, errors } = await phonePage();
    await arriveAt(page, '/', toggle);
    await tap(page, toggle(page));
    const about = overlay(page).getByRole('link', { name: 'About Us' });
    await about.waitFor({ state: 'visible', timeout: 2_000 });
    expect(await tapsAfterHydration(page)).toEqual([false]);
    // The link is tapped before hydration too (this page never hydrates before it leaves).
    await page.evaluate(() => {
      if (document.documentElement.hasAttribute('data-client-ready'))
        throw new Error('The page hydrated before the link was tapped');
    });
    await tap(page, about);
    await page.waitForURL(siteUrl('/about'), { timeout: 20_000 });
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.title()).toBe(pages.about.title);
    expect(errors).toEqual([]);
  });

  it('a campaign landing left by a link before hydration is still the visit’s source', async () => {
    const { page, errors } = await phonePage();
    await arriveAt(page, '/?utm_source=dribbble&utm_campaign=autumn', toggle);
    await tap(page, toggle(page));
    const contact = overlay(page).getByRole('link', { name: 'Contact Us' });
    await contact.waitFor({ state: 'visible', timeout: 2_000 });
    await page.evaluate(() => {
      if (document.documentElement.hasAttribute('data-client-ready'))
        throw new Error('The page hydrated before the link was tapped');
    });
    await tap(page, contact);
    await page.waitForURL(siteUrl('/contact'), { timeout: 20_000 });
    await waitForHydration(page);
    const source = await page.evaluate(() => sessionStorage.getItem('firstday.visit-source'));
    expect(JSON.parse(source ?? 'null')).toEqual({
      referrer: '',
      utm: { utm_source: 'dribbble', utm_campaign: 'autumn' },
    });
    expect(errors).toEqual([]);
  });

  it('the music button plays, or truthfully does not, after one tap at first paint', async () => {
    const { page, errors } = await phonePage();
    // Observes (does not replace) every play() and its outcome.
    await page.addInitScript(() => {
      const calls: string[] = [];
      (window as unknown as { plays: string[] }).plays = calls;
      const play = HTMLMediaElement.prototype.play;
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        const attempt = play.call(this);
        // The hero's muted background video plays on its own; only the music counts here.
        if (!(this instanceof HTMLAudioElement)) return attempt;
        calls.push('pending');
        const index = calls.length - 1;
        attempt.then(
          () => (calls[index] = 'played'),
          () => (calls[index] = 'refused'),
        );
        return attempt;
      };
    });
    const music = (p: Page) => p.getByRole('button', { name: hero.musicPlayLabel });
    await arriveAt(page, '/', music);
    await tap(page, music(page));
    expect(await tapsAfterHydration(page)).toEqual([false]);
    await waitForHydration(page);
    await page.waitForFunction(
      () => {
        const plays = (window as unknown as { plays: string[] }).plays;
        return plays.length > 0 && !plays.includes('pending');
      },
      undefined,
      { timeout: 10_000 },
    );
    const plays = await page.evaluate(() => (window as unknown as { plays: string[] }).plays);
    expect(plays).toHaveLength(1);
    const button = page.getByRole('button', {
      name: new RegExp(`^(${hero.musicPlayLabel}|${hero.musicPauseLabel})$`),
    });
    const hint = page.getByText(hero.musicHint);
    if (plays[0] === 'played') {
      expect(await button.getAttribute('aria-pressed')).toBe('true');
      expect(await page.evaluate(() => document.querySelector('audio')?.paused)).toBe(false);
      expect(await hint.count()).toBe(0);
    } else {
      expect(await button.getAttribute('aria-pressed')).toBe('false');
      expect(await hint.isVisible()).toBe(true);
    }
    expect(errors).toEqual([]);
  });

  it('text typed into the form before hydration survives it, and Submit takes effect', async () => {
    const { page, errors } = await phonePage();
    const name = (p: Page) => p.getByLabel(contactPage.fields.name.label, { exact: false });
    await arriveAt(page, '/contact', name);
    await name(page).fill('Ada Lovelace');
    await tap(page, page.getByRole('button', { name: contactPage.submit }));
    expect(await tapsAfterHydration(page)).toEqual([false]);

    await waitForHydration(page);
    // The submit was replayed once hydrated: the form checked itself and says what is missing,
    // with the typed name kept and the page never left.
    await page.getByText(contactPage.fields.email.required).waitFor({ timeout: 10_000 });
    expect(await name(page).inputValue()).toBe('Ada Lovelace');
    expect(new URL(page.url()).search).toBe('');
    expect(errors).toEqual([]);
  });

  it('Clear tapped before hydration clears what was typed, once hydrated', async () => {
    const { page, errors } = await phonePage();
    const name = (p: Page) => p.getByLabel(contactPage.fields.name.label, { exact: false });
    await arriveAt(page, '/contact', name);
    await name(page).fill('Ada Lovelace');
    await tap(page, page.getByRole('button', { name: contactPage.clear }));
    expect(await tapsAfterHydration(page)).toEqual([false]);
    await waitForHydration(page);
    await page.waitForFunction(
      () => (document.querySelector('#contact-name') as HTMLInputElement | null)?.value === '',
      undefined,
      { timeout: 10_000 },
    );
    expect(errors).toEqual([]);
  });
});

describe('with no scripts at all, at 390 x 844', () => {
  it.each(['/', '/about', '/contact'])(
    '%s: the Menu toggle opens and closes the overlay, and the page behind holds still',
    async (path) => {
      const browser = await launchBrowser({ scripts: false });
      opened.push(browser);
      const page = await browser.newPage({ viewport: phoneViewport });
      await page.goto(siteUrl(path));
      await page.evaluate(() => window.scrollTo(0, 300));
      await page.waitForFunction(() => window.scrollY === 300);

      await clickInPlace(page, toggle(page));
      await overlay(page).waitFor();
      expect(await toggle(page).textContent()).toContain(navigation.closeLabel);
      await page.mouse.move(phoneViewport.width / 2, phoneViewport.height / 2);
      await page.mouse.wheel(0, 800);
      await page.keyboard.press('End');
      await page.waitForTimeout(200);
      expect(await page.evaluate(() => window.scrollY)).toBe(300);
      // Its links are real links.
      const about = overlay(page).getByRole('link', { name: 'About Us' });
      expect(await about.getAttribute('href')).toBe('/about');

      await clickInPlace(page, toggle(page));
      await overlay(page).waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => window.scrollY)).toBe(300);
      // Escape closes it too (native).
      await clickInPlace(page, toggle(page));
      await overlay(page).waitFor();
      await page.keyboard.press('Escape');
      await overlay(page).waitFor({ state: 'hidden' });
    },
  );
});
