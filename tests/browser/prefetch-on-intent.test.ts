/**
 * A route's remote code is fetched on intent, before the tap that follows it: a pointer over a
 * link, or opening the menu of pages (a touch on one of its links comes too late on a phone).
 */
import type { Page, Request } from 'playwright-core';
import { footer, navigation } from 'remote-shared/content';
import { ports, setUpComposedSite, visit } from '../support/browser/site';
import { scaled } from '../support/time-factor';

const ctx = setUpComposedSite({ viewport: { width: 390, height: 844 } });

/** Whether a request is for the code of the Contact page (remote-contact's exposed module). */
function isContactPageCode(request: Request): boolean {
  const url = new URL(request.url());
  return url.port === String(ports['remote-contact']) && /contact_page/.test(url.pathname);
}

/** Requests for the Contact page's code from now on. */
function contactPageRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (isContactPageCode(request)) seen.push(request);
  });
  return seen;
}

it('fetches the pages of the menu when the menu opens, before any of its links is tapped', async () => {
  await visit(ctx.page, '/about');
  const requests = contactPageRequests(ctx.page);
  await ctx.page.waitForTimeout(500);
  expect(requests).toEqual([]);
  const fetched = ctx.page.waitForRequest(isContactPageCode, { timeout: scaled(5000) });
  await ctx.page.getByRole('button', { name: navigation.menuLabel }).click();
  await ctx.page.getByRole('dialog', { name: navigation.overlayLabel }).waitFor();
  await fetched;
  expect(ctx.page.url()).toMatch(/\/about$/);
});

it('fetches the page a link leads to when the pointer rests on the link', async () => {
  await visit(ctx.page, '/about');
  const requests = contactPageRequests(ctx.page);
  await ctx.page.waitForTimeout(500);
  expect(requests).toEqual([]);
  const fetched = ctx.page.waitForRequest(isContactPageCode, { timeout: scaled(5000) });
  await ctx.page
    .getByRole('contentinfo')
    .getByRole('link', { name: footer.contactLink.label })
    .hover();
  await fetched;
  expect(ctx.page.url()).toMatch(/\/about$/);
});
