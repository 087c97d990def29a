import type { Page } from 'playwright-core';
import { footer, navigation, pages } from 'remote-shared/content';
import { siteUrl, setUpComposedSite, visit } from '../support/browser/site';
import { scaled } from '../support/time-factor';

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

describe('the scroll lock, on the real pages', () => {
  const sizes = [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ];
  const cases = ['/', '/about', '/contact'].flatMap((path) =>
    sizes.map((size) => ({ path, ...size })),
  );

  it.each(cases)(
    '$path at $width x $height: the page stays at 300 px before, during and after the overlay',
    async ({ path, width, height }) => {
      await ctx.page.setViewportSize({ width, height });
      await visit(ctx.page, path);
      await ctx.page.evaluate(() => window.scrollTo(0, 300));
      await ctx.page.waitForFunction(() => window.scrollY === 300);

      await clickToggleInPlace(ctx.page);
      await overlay(ctx.page).waitFor();
      expect(await scrollY(ctx.page)).toBe(300);
      // Scroll attempts while open move nothing behind the overlay.
      await ctx.page.mouse.move(width / 2, height / 2);
      await ctx.page.mouse.wheel(0, 800);
      await ctx.page.keyboard.press('End');
      await ctx.page.waitForTimeout(200);
      expect(await scrollY(ctx.page)).toBe(300);

      await clickToggleInPlace(ctx.page);
      await overlay(ctx.page).waitFor({ state: 'hidden' });
      expect(await scrollY(ctx.page)).toBe(300);

      // And once more, closed with Escape; afterwards the page scrolls again.
      await clickToggleInPlace(ctx.page);
      await overlay(ctx.page).waitFor();
      await ctx.page.keyboard.press('Escape');
      await overlay(ctx.page).waitFor({ state: 'hidden' });
      expect(await scrollY(ctx.page)).toBe(300);
      await ctx.page.mouse.wheel(0, 300);
      await ctx.page.waitForFunction(() => window.scrollY > 300);
    },
  );
});

describe('after a client-side navigation', () => {
  const focused = () =>
    ctx.page.evaluate(() => {
      const active = document.activeElement;
      return {
        tag: active?.tagName,
        text: active?.textContent?.trim(),
        inMain: !!active?.closest('main'),
      };
    });

  it("focuses the new page's heading when the overlay leads there", async () => {
    await visit(ctx.page, '/');
    await toggle(ctx.page).click();
    await overlay(ctx.page).getByRole('link', { name: 'About Us' }).click();
    await ctx.page.waitForURL(siteUrl('/about'));
    await ctx.page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    await expect(focused()).resolves.toEqual({ tag: 'H1', text: 'About Us', inMain: true });
    await expect(ctx.page.title()).resolves.toBe(pages.about.title);
  });

  it("focuses the new page's heading after a link in a page, and leaves back to the browser", async () => {
    await visit(ctx.page, '/about');
    await ctx.page
      .getByRole('contentinfo')
      .getByRole('link', { name: footer.contactLink.label })
      .click();
    await ctx.page.waitForURL(siteUrl('/contact'));
    await ctx.page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    await expect(focused()).resolves.toMatchObject({ tag: 'H1', inMain: true });
    await ctx.page.goBack();
    await ctx.page.waitForURL(siteUrl('/about'));
    await ctx.page.waitForTimeout(300);
    await expect(focused()).resolves.not.toMatchObject({ tag: 'H1' });
    await expect(ctx.page.title()).resolves.toBe(pages.about.title);
  });
});

describe('the navigation overlay', () => {
  it('opens and closes with the toggle', async () => {
    await clickToggleInPlace(ctx.page);
    await overlay(ctx.page).waitFor();
    // The popover's toggle event, which the app's state follows, comes a task after the change.
    const expanded = (value: 'true' | 'false') =>
      toggle(ctx.page)
        .and(ctx.page.locator(`[aria-expanded="${value}"]`))
        .waitFor({ timeout: scaled(2_000) });
    await expanded('true');
    await expect(toggle(ctx.page).textContent()).resolves.toContain(navigation.closeLabel);
    await clickToggleInPlace(ctx.page);
    await overlay(ctx.page).waitFor({ state: 'hidden' });
    await expanded('false');
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
    // The app follows the popover's toggle event, which comes a task after the overlay shows.
    await ctx.page.waitForFunction(
      () => document.getElementById('site-menu')!.contains(document.activeElement),
      undefined,
      { timeout: scaled(1000) },
    );
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
