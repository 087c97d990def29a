import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { contactPage } from 'remote-shared/contact-content';
import { routes } from '../../platform/routes/routes.cjs';
import { openPage, setUpSiteAndBrowser, siteUrl, visit } from '../support/browser/site';

// The composed production site as `npm start` serves it: the render server and static remotes.
const ctx = setUpSiteAndBrowser();

const paths = [...routes.map((route) => route.path), '/no-such-page'];

const header = (response: Response, name: string) => response.headers.get(name) ?? '(missing)';

/** The policy's directives by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

/**
 * A fresh page whose policy violations and page errors are collected; `expectNoViolations`
 * asserts there were none and closes it.
 */
async function openWatchedPage() {
  const { page, errors } = await openPage(ctx.browser);
  const violations = await watchViolations(page);
  return {
    page,
    expectNoViolations: async () => {
      expect(await violations()).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();
    },
  };
}

/** Every way a browser tells of a blocked resource: the DOM event and its console message. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Permissions.Policy|Refused to/i.test(message.text()))
      messages.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`),
    );
  });
  return async () => [
    ...messages,
    ...(await page.evaluate(
      () => (window as unknown as { cspViolations: string[] }).cspViolations,
    )),
  ];
}

describe("the shell's pages", () => {
  it.each(paths)(
    '%s: every security header, and a policy that names its inline scripts',
    async (path) => {
      const response = await fetch(siteUrl(path));
      const html = await response.text();
      expect(header(response, 'x-content-type-options')).toBe('nosniff');
      expect(header(response, 'referrer-policy')).toBe('strict-origin-when-cross-origin');
      const permissions = header(response, 'permissions-policy');
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
        expect(permissions).toContain(`${feature}=()`);
      // Plain http here: HSTS would be meaningless (and ignored).
      expect(response.headers.get('strict-transport-security')).toBeNull();

      const policy = directives(header(response, 'content-security-policy'));
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      const scripts = policy.get('script-src') ?? [];
      expect(scripts).not.toContain("'unsafe-eval'");
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).toContain(ctx.site.urlOf('remote-home').slice(0, -1));
      expect(policy.get('img-src')).toContain('data:');
      // Each inline script that runs is allowed by its own hash, and nothing else inline is.
      const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
        (match) =>
          `'sha256-${crypto
            .createHash('sha256')
            .update(match[1] ?? '')
            .digest('base64')}'`,
      );
      expect(inline.length).toBeGreaterThan(0);
      expect(scripts.filter((source) => source.startsWith("'sha256-")).sort()).toEqual(
        [...new Set(inline)].sort(),
      );
    },
  );

  it('adds Strict-Transport-Security when the site is reached over https (behind a proxy)', async () => {
    const response = await fetch(siteUrl('/'), { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(header(response, 'strict-transport-security')).toMatch(
      /^max-age=\d{8,}; includeSubDomains$/,
    );
    expect(header(response, 'content-security-policy')).toContain('upgrade-insecure-requests');
  });

  it('names the Firestore emulator remote-contact is configured for, and no App Check endpoint while App Check is off (local)', async () => {
    const policy = directives(header(await fetch(siteUrl('/contact')), 'content-security-policy'));
    const config = (await (
      await fetch(new URL('firebase-config.json', ctx.site.urlOf('remote-contact')))
    ).json()) as { emulator: { host: string; port: number } };
    expect(policy.get('connect-src')).toEqual(
      expect.arrayContaining([`http://${config.emulator.host}:${config.emulator.port}`]),
    );
    expect(policy.get('connect-src')).not.toContain(
      'https://content-firebaseappcheck.googleapis.com',
    );
  });
});

describe('files', () => {
  it.each([
    ['remote-home', 'mf-manifest.json'],
    ['remote-shared', 'mf-manifest.json'],
    ['shell', 'remotes.json'],
  ] as const)('%s %s: nosniff, Referrer-Policy, and HSTS over https', async (app, file) => {
    const url = new URL(file, ctx.site.urlOf(app));
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(header(response, 'x-content-type-options')).toBe('nosniff');
    expect(header(response, 'referrer-policy')).toBe('strict-origin-when-cross-origin');
    if (app !== 'shell') expect(header(response, 'access-control-allow-origin')).toBe('*');
    const overHttps = await fetch(url, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(header(overHttps, 'strict-transport-security')).toMatch(/^max-age=/);
  });

  it("a remote's hashed script: nosniff and cached for good", async () => {
    const manifest = (await (
      await fetch(new URL('mf-manifest.json', ctx.site.urlOf('remote-home')))
    ).json()) as { metaData: { remoteEntry: { name: string } } };
    const response = await fetch(
      new URL(manifest.metaData.remoteEntry.name, ctx.site.urlOf('remote-home')),
    );
    expect(header(response, 'content-type')).toMatch(/javascript/);
    expect(header(response, 'x-content-type-options')).toBe('nosniff');
  });
});

describe('in the browser, with the real headers', () => {
  it.each(paths)('%s loads, hydrates and plays with zero policy violations', async (path) => {
    const { page, expectNoViolations } = await openWatchedPage();
    await visit(page, path, { waitUntil: 'networkidle' });
    // Scrolling down starts what loads late: videos, images, the footer's media.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    await expectNoViolations();
  });

  it('navigating between every page in the browser stays within the policy', async () => {
    const { page, expectNoViolations } = await openWatchedPage();
    await visit(page, '/menu', { waitUntil: 'networkidle' });
    for (const route of routes) {
      await page.evaluate((to) => {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, route.path);
      await page.waitForLoadState('networkidle');
    }
    await expectNoViolations();
  });

  it('the contact form reaches Firestore and App Check within the policy', async () => {
    const { page, expectNoViolations } = await openWatchedPage();
    // Google's App Check endpoint, which this machine cannot reach: answered as it would be.
    // (Requests the policy blocks never get this far.)
    await page.route('**/*:exchangeDebugToken*', (route) =>
      route.fulfill({
        headers: { 'access-control-allow-origin': '*' },
        json: { token: 'app-check-token-from-debug', ttl: '3600s' },
      }),
    );
    await visit(page, '/contact', { waitUntil: 'networkidle' });
    await page.getByLabel(/^Name/).fill('Grace Hopper');
    await page.getByLabel(/^Phone/).fill('442079460001');
    await page.getByLabel(/^Email/).fill('grace@example.com');
    await page.getByLabel(/^Company/).fill('Compilers Ltd');
    await page.getByLabel(/^Message/).fill('A site, please.');
    await page.getByRole('button', { name: contactPage.submit }).click();
    await page.getByRole('dialog', { name: contactPage.thankYouTitle }).waitFor();
    await expectNoViolations();
  });
});
