import { staffInbox } from 'remote-shared/staff-content';
import budgets from '../../budgets.json';
import weight from '../../tools/bench/javascript-weight.cjs';
import { collectScripts } from '../support/browser/collect-scripts';
import { openPage, ports, setUpSiteAndBrowser, visit } from '../support/browser/site';
import { staffCodeIn } from '../support/browser/staff-code';

const ctx = setUpSiteAndBrowser();

/**
 * Loads a route cold, as a first-time visitor would, and weighs the JavaScript it downloads
 * before any interaction: until the app has hydrated and the network has been idle (nothing is
 * tapped, scrolled or focused).
 */
async function weighRoute(path: string) {
  const { page } = await openPage(ctx.browser, { viewport: { width: 390, height: 844 } });
  const scripts = collectScripts(page);
  await visit(page, path, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.context().close();
  return weight.weighJavaScript(scripts, ports);
}

describe('byte budgets', () => {
  it.each(Object.entries(budgets.routes))(
    '%s stays within its JavaScript budget, with one react-dom and one federation runtime',
    async (path, budget) => {
      const result = await weighRoute(path);
      const kb = result.totalGzipBytes / 1024;
      // The message names the route and who weighs what, so a failure says where to look.
      if (kb > budget.javascriptGzipKB) {
        const chunks = result.chunks
          .map((c) => `${(c.gzipBytes / 1024).toFixed(1).padStart(6)} KB  ${c.file}  (${c.owner})`)
          .join('\n');
        throw new Error(
          `${path} loads ${kb.toFixed(1)} KB of JavaScript (gzip) before any interaction, over its ${budget.javascriptGzipKB} KB budget, by chunk:\n${chunks}`,
        );
      }
      expect(result.reactDomCopies).toBe(1);
      expect(result.federationRuntimeCopies).toBe(1);
    },
  );

  it('downloads the firebase SDK only on /contact', async () => {
    for (const path of ['/', '/about', '/menu']) {
      expect({ path, firebase: (await weighRoute(path)).firebase }).toEqual({
        path,
        firebase: false,
      });
    }
  });

  /** A route's scripts after a cold load; on /contact also after the form is first used. */
  async function scriptsOf(path: string, { useForm = true } = {}) {
    const { page } = await openPage(ctx.browser, { viewport: { width: 390, height: 844 } });
    const scripts = collectScripts(page);
    await visit(page, path, { waitUntil: 'networkidle' });
    if (path === '/contact' && useForm) {
      // The first focus loads the form's Firestore writer and SDK.
      await page.getByLabel(/^Name/).focus();
    } else if (path === '/staff') {
      await page.getByRole('heading', { name: staffInbox.signIn.heading }).waitFor();
    } else {
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    }
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    await page.waitForLoadState('networkidle');
    await page.context().close();
    return scripts;
  }

  /** Whether the inbox's texts came with a page's scripts (they are remote-shared content). */
  const staffTextsIn = (scripts: Awaited<ReturnType<typeof scriptsOf>>) =>
    scripts.some(({ body }) => body.toString('utf8').includes(staffInbox.signIn.intro));

  it('downloads no Firebase Auth and no inbox code or texts on visitor routes (only on /staff)', async () => {
    for (const path of ['/', '/about', '/menu']) {
      const scripts = await scriptsOf(path);
      expect({ path, ...staffCodeIn(scripts), texts: staffTextsIn(scripts) }).toEqual({
        path,
        auth: false,
        inbox: [],
        texts: false,
      });
    }
    // The form signs its visitor in anonymously (the per-client ceiling): Firebase Auth comes
    // with the writer on the first use of the form, never in the page's first load, and no
    // inbox code comes with it.
    expect(staffCodeIn(await scriptsOf('/contact', { useForm: false }))).toEqual({
      auth: false,
      inbox: [],
    });
    expect(staffCodeIn(await scriptsOf('/contact'))).toEqual({ auth: true, inbox: [] });
    // The check sees them where they belong.
    const staffScripts = await scriptsOf('/staff');
    expect(staffTextsIn(staffScripts)).toBe(true);
    const staff = staffCodeIn(staffScripts);
    expect(staff.auth).toBe(true);
    expect(staff.inbox.length).toBeGreaterThanOrEqual(2);
  });
});
