import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { footer, navigation } from 'remote-shared/content';
import { siteUrl, setUpComposedSite, visit } from '../support/browser/site';

const ctx = setUpComposedSite();

async function expectChrome(p: Page) {
  await p.getByRole('link', { name: navigation.logoLabel }).waitFor();
  await p.getByRole('button', { name: navigation.menuLabel }).waitFor();
  await p.getByRole('heading', { name: footer.heading }).waitFor();
  await p.getByRole('contentinfo').getByRole('link', { name: footer.mailLabel }).waitFor();
}

describe('the composed site', () => {
  it.each([
    ['/', 'We are a full service Digital Agency.'],
    ['/about', 'About Us'],
    ['/menu', 'Menu'],
    ['/contact', 'Contact Us'],
  ])('%s renders its page with the navigation bar and footer', async (path, heading) => {
    await visit(ctx.page, path);
    await expectChrome(ctx.page);
    await ctx.page.getByRole('heading', { level: 1, name: heading }).waitFor();
  });

  it('shows the error screen for an unknown path, with a working link home', async () => {
    await visit(ctx.page, '/no/such/page');
    await expectChrome(ctx.page);
    await ctx.page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
    await ctx.page.getByText('404 Not Found').waitFor();
    await ctx.page.getByRole('link', { name: 'Back to the home page' }).click();
    await ctx.page.waitForURL(siteUrl('/'));
    await ctx.page
      .getByRole('heading', { name: 'We are a full service Digital Agency.' })
      .waitFor();
  });

  it.each(['/', '/about', '/menu', '/contact', '/nope'])(
    'axe finds no serious or critical violations on %s',
    async (path) => {
      await visit(ctx.page, path, { waitUntil: 'networkidle' });
      await ctx.page.getByRole('heading', { level: 1 }).first().waitFor();
      const results = await new AxeBuilder({ page: ctx.page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
        .analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
    },
  );
});
