import type { Page } from 'playwright-core';
import { navigation } from 'remote-shared/content';
import { siteUrl, setUpComposedSite, visit } from './support/site';

const ctx = setUpComposedSite();

beforeEach(async () => {
  await visit(ctx.page, '/menu');
  await ctx.page.getByRole('heading', { level: 1, name: 'Menu' }).waitFor();
});

const toggle = (p: Page) => p.getByRole('button', { name: /^(Menu|Close)$/ });
const overlay = (p: Page) => p.getByRole('dialog', { name: navigation.overlayLabel });
const scrollY = (p: Page) => p.evaluate(() => window.scrollY);

/** Clicks where the toggle is, as a person would; Playwright's own click first scrolls the
 * sticky header "into view", which moves the page and would spoil the scroll assertions. */
async function clickToggleInPlace(p: Page) {
  const box = await toggle(p).boundingBox();
  if (!box) throw new Error('The toggle is not visible');
  await p.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

describe('the navigation overlay', () => {
  it('opens and closes with the toggle, locking and then restoring the scroll position', async () => {
    // Make the page tall enough to scroll, then scroll part way down.
    await ctx.page.evaluate(() => {
      document.getElementById('main')!.style.minHeight = '3000px';
      window.scrollTo(0, 600);
    });
    expect(await scrollY(ctx.page)).toBe(600);

    await clickToggleInPlace(ctx.page);
    await overlay(ctx.page).waitFor();
    expect(await toggle(ctx.page).getAttribute('aria-expanded')).toBe('true');
    await expect(toggle(ctx.page).textContent()).resolves.toContain(navigation.closeLabel);

    // Scroll attempts while open move nothing.
    await ctx.page.mouse.move(640, 400);
    await ctx.page.mouse.wheel(0, 800);
    await ctx.page.keyboard.press('End');
    await ctx.page.waitForTimeout(200);
    expect(await scrollY(ctx.page)).toBe(600);

    await clickToggleInPlace(ctx.page);
    await overlay(ctx.page).waitFor({ state: 'hidden' });
    expect(await scrollY(ctx.page)).toBe(600);
    await ctx.page.mouse.wheel(0, 300);
    await ctx.page.waitForFunction(() => window.scrollY > 600);
  });

  it('moves focus inside, keeps Tab inside, and closes on Escape with focus back on the toggle', async () => {
    await toggle(ctx.page).click();
    await overlay(ctx.page).waitFor();
    const focusInside = () =>
      ctx.page.evaluate(() => {
        const active = document.activeElement;
        return (
          !!active &&
          (document.getElementById('site-menu')!.contains(active) ||
            document.querySelector('header')!.contains(active))
        );
      });
    expect(
      await ctx.page.evaluate(() =>
        document.getElementById('site-menu')!.contains(document.activeElement),
      ),
    ).toBe(true);
    for (let i = 0; i < 15; i += 1) {
      await ctx.page.keyboard.press('Tab');
      expect(await focusInside()).toBe(true);
    }
    for (let i = 0; i < 5; i += 1) {
      await ctx.page.keyboard.press('Shift+Tab');
      expect(await focusInside()).toBe(true);
    }
    await ctx.page.keyboard.press('Escape');
    await overlay(ctx.page).waitFor({ state: 'hidden' });
    // focus-trap hands focus back a tick after closing.
    await ctx.page.waitForFunction(
      () => document.activeElement?.getAttribute('aria-controls') === 'site-menu',
    );
  });

  it('closes when one of its links navigates', async () => {
    await toggle(ctx.page).click();
    await overlay(ctx.page).getByRole('link', { name: 'About Us' }).click();
    await ctx.page.waitForURL(siteUrl('/about'));
    await overlay(ctx.page).waitFor({ state: 'hidden' });
    expect(await ctx.page.evaluate(() => document.documentElement.style.overflow)).toBe('');
  });

  it('leads Our Work to the work section of the home page', async () => {
    await toggle(ctx.page).click();
    await overlay(ctx.page).getByRole('link', { name: 'Our Work' }).click();
    await ctx.page.waitForURL(siteUrl('/#work'));
    await ctx.page.locator('#work').waitFor({ state: 'attached' });
  });
});

describe('the /menu page', () => {
  it.each([
    ['Home', '/'],
    ['About', '/about'],
    ['Products', '/#work'],
    ['Reach Us', '/contact'],
  ])('links %s to %s', async (label, path) => {
    await ctx.page.getByRole('main').getByRole('link', { name: label, exact: true }).click();
    await ctx.page.waitForURL(siteUrl(path));
  });
});
