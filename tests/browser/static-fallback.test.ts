import { aboutPage } from 'remote-shared/about-content';
import { navigation, pages } from 'remote-shared/content';
import { openPage, setUpSiteAndBrowser, siteUrl, visit } from '../support/browser/site';
import { scaled } from '../support/time-factor';

// The shell's static build on a plain static host (no render server): the client renders the
// site from remotes.json, as it did before server rendering.
const ctx = setUpSiteAndBrowser({ clientRendered: true });

it('still works client-rendered from the static build alone', async () => {
  const html = await (await fetch(siteUrl('/about'))).text();
  expect(html).not.toContain(aboutPage.paragraphs[0]);
  const { page, errors } = await openPage(ctx.browser);
  await visit(page, '/about');
  await page.getByRole('heading', { level: 1, name: aboutPage.heading }).waitFor();
  await page.getByRole('link', { name: navigation.logoLabel }).click();
  await page.waitForURL(siteUrl('/'));
  // The URL changes before the home page has set its title: wait for it rather than race it.
  await page.waitForFunction((title) => document.title === title, pages.home.title, {
    timeout: scaled(10_000),
  });
  expect(errors).toEqual([]);
  await page.context().close();
});
