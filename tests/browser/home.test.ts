import type { Page } from 'playwright-core';
import { hero, intro, services, team, teamSection, workSection } from 'remote-shared/content';
import { openPage, siteUrl, setUpComposedSite, visit } from '../support/browser/site';
import { scaled } from '../support/time-factor';
import { startPausedHtmlProxy } from '../support/servers/paused-html';

const ctx = setUpComposedSite();

async function openHome(p: Page = ctx.page) {
  await visit(p, '/');
  await p.getByRole('heading', { level: 1, name: hero.headline }).waitFor();
}

describe('Home', () => {
  it('shows the hero headline and Contact Us leads to /contact', async () => {
    await openHome();
    await ctx.page.getByRole('link', { name: hero.contactLink.label, exact: true }).click();
    await ctx.page.waitForURL(siteUrl('/contact'));
    await ctx.page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
  });

  it('moves the hero text by -0.8 x the scroll and fades the quote, from the first frame', async () => {
    await openHome();
    /** Scrolls to `y`, waits two frames, and reads the hero's computed motion. */
    const after = (y: number) =>
      ctx.page.evaluate(async (target) => {
        window.scrollTo(0, target);
        for (let i = 0; i < 2; i++) await new Promise(requestAnimationFrame);
        const text = getComputedStyle(document.querySelector('[data-testid="hero-text"]')!);
        const quote = getComputedStyle(document.querySelector('[data-testid="hero-quote"]')!);
        return {
          scrollY: window.scrollY,
          shift: new DOMMatrixReadOnly(text.transform).m42,
          opacity: Number(quote.opacity),
        };
      }, y);
    await expect(after(0)).resolves.toEqual({ scrollY: 0, shift: 0, opacity: 1 });
    const at50 = await after(50);
    expect(at50.scrollY).toBe(50);
    expect(at50.shift).toBeCloseTo(-40, 1);
    expect(at50.opacity).toBeCloseTo(0.5, 2);
    const at100 = await after(100);
    expect(at100.shift).toBeCloseTo(-80, 1);
    expect(at100.opacity).toBeCloseTo(0, 2);
  });

  it('paints the hero whole: HTML paused inside it moves nothing when the rest arrives', async () => {
    // The pause comes after the music toggle, before the quote: painted then, the hero's text
    // (which sits above the quote, laid out from the bottom) moved up when the quote arrived.
    const proxy = await startPausedHtmlProxy(siteUrl('/'), '<figure', scaled(600));
    const { page } = await openPage(ctx.browser, { viewport: { width: 412, height: 823 } });
    try {
      await page.addInitScript(() => {
        const shifts: number[] = [];
        Object.assign(window, { __shifts: shifts });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            shifts.push((entry as PerformanceEntry & { value: number }).value);
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(`http://127.0.0.1:${proxy.port}/`);
      await page.waitForSelector('html[data-client-ready]', {
        state: 'attached',
        timeout: scaled(20_000),
      });
      expect(proxy.paused()).toBe(1);
      const shifts = await page.evaluate(
        () => (window as unknown as { __shifts: number[] }).__shifts,
      );
      // The site's layout-shift target for a page (CLS at most 0.01).
      expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThanOrEqual(0.01);
    } finally {
      await page.context().close();
      await proxy.close();
    }
  });

  it("moves the hero before the page's scripts have run", async () => {
    const { page } = await openPage(ctx.browser, { javaScriptEnabled: false });
    await page.goto(siteUrl('/'));
    await page.evaluate(() => window.scrollTo(0, 50));
    await page.waitForTimeout(100);
    const shift = await page
      .locator('[data-testid="hero-text"]')
      .evaluate((el) => new DOMMatrixReadOnly(getComputedStyle(el).transform).m42);
    expect(shift).toBeCloseTo(-40, 1);
    await page.context().close();
  });

  it("paints the poster first, starts the hero loop once the page's start-up is over, and fetches nothing of the band", async () => {
    const requested: string[] = [];
    ctx.page.on('request', (request) => requested.push(request.url()));
    // The server's HTML asks for no video bytes, which would share a phone's first second with
    // the poster and the display font.
    const html = await (await fetch(siteUrl('/'))).text();
    expect(html.match(/<source[^>]*>| poster="[^"]*"/g) ?? []).toEqual([]);
    await openHome();
    await ctx.page.waitForFunction(
      () => {
        const video = document.querySelector<HTMLVideoElement>('[data-testid="hero-video"]');
        return video !== null && !video.paused && video.currentTime > 0;
      },
      undefined,
      { timeout: scaled(10_000) },
    );
    // (A video is fetched in ranges: one or more requests.)
    expect(requested.some((url) => /\/media\/hero\.\w+\.webm$/.test(url))).toBe(true);
    // The band's poster and loop are far below the first screen: not fetched until scrolled to.
    expect(requested.filter((url) => /\/media\/band[.-]/.test(url))).toEqual([]);
  });

  it('toggles the music and the hint disappears (or stays consistent if play is refused)', async () => {
    await openHome();
    const button = ctx.page.getByRole('button', { name: hero.musicPlayLabel });
    await expect(button.getAttribute('aria-pressed')).resolves.toBe('false');
    await ctx.page.getByText(hero.musicHint).waitFor();
    await button.click();
    // Wait for the browser's answer to play().
    await ctx.page.waitForFunction(
      () =>
        document.querySelector('button[aria-pressed]')?.getAttribute('data-status') !== 'starting',
    );
    const pressed = await ctx.page.locator('button[data-status]').getAttribute('aria-pressed');
    if (pressed === 'true') {
      await ctx.page.getByText(hero.musicHint).waitFor({ state: 'detached' });
      await ctx.page.getByRole('button', { name: hero.musicPauseLabel }).click();
      await ctx.page.getByRole('button', { name: hero.musicPlayLabel }).waitFor();
      await expect(ctx.page.getByText(hero.musicHint).count()).resolves.toBe(0);
      await expect(
        ctx.page.locator('audio').evaluate((a: HTMLAudioElement) => [a.paused, a.volume, a.loop]),
      ).resolves.toEqual([true, 0.5, true]);
    } else {
      // Refused: nothing plays, the button says "play" and the hint still invites.
      await ctx.page.getByRole('button', { name: hero.musicPlayLabel }).waitFor();
      await ctx.page.getByText(hero.musicHint).waitFor();
    }
  });

  it('shows the next person of the team after about 3 s', async () => {
    await openHome();
    const heading = ctx.page.getByRole('heading', { name: teamSection.heading });
    await heading.scrollIntoViewIfNeeded();
    const person = ctx.page.getByTestId('team-person');
    const first = await person.locator('p').first().textContent();
    const names = team.map((m) => m.name);
    expect(names).toContain(first);
    await ctx.page.waitForFunction(
      (before) => document.querySelector('[data-testid="team-person"] p')?.textContent !== before,
      first,
      { timeout: scaled(4500) },
    );
    const next = await person.locator('p').first().textContent();
    expect(names.indexOf(next ?? '')).toBe((names.indexOf(first ?? '') + 1) % names.length);
  });

  it('reveals "Check project" on a hovered tile, opening in a new tab', async () => {
    await openHome();
    const tile = ctx.page.locator('#work article').first();
    await tile.scrollIntoViewIfNeeded();
    await tile.hover();
    const link = tile.getByRole('link', { name: new RegExp(workSection.checkProject) });
    await expect(link.textContent()).resolves.toBe(workSection.checkProject);
    await expect(link.getAttribute('target')).resolves.toBe('_blank');
    await expect(link.getAttribute('rel')).resolves.toBe('noopener noreferrer');
    await ctx.page.waitForFunction(
      () =>
        getComputedStyle(document.querySelector('#work article a')!.parentElement!).opacity === '1',
    );
  });

  it('shows the real words of a service line after its hover scramble', async () => {
    await openHome();
    const words = [services[0]!.firstword, services[0]!.secondword, services[0]!.thirdword]
      .filter(Boolean)
      .join(' ');
    const line = ctx.page.getByRole('link', { name: words });
    await line.scrollIntoViewIfNeeded();
    await line.hover();
    await ctx.page.waitForTimeout(1000);
    await expect(line.getByTestId('service-text').textContent()).resolves.toBe(words);
  });

  it('opens /about at the top when arriving from a scrolled Home', async () => {
    await openHome();
    const knowMore = ctx.page.getByRole('link', { name: intro.knowMore.label }).nth(1);
    await knowMore.scrollIntoViewIfNeeded();
    await ctx.page.mouse.wheel(0, 400);
    await ctx.page.waitForFunction(() => window.scrollY > 300);
    await knowMore.click();
    await ctx.page.waitForURL(siteUrl('/about'));
    await ctx.page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    await expect(ctx.page.evaluate(() => window.scrollY)).resolves.toBe(0);
  });

  it('with reduced motion: poster instead of video, showcase paused', async () => {
    // A page that prefers reduced motion replaces this test's page (and its error check).
    await ctx.page.context().close();
    Object.assign(ctx, await openPage(ctx.browser, { reducedMotion: 'reduce' }));
    await openHome(ctx.page);
    await expect(ctx.page.locator('video[autoplay]').count()).resolves.toBe(0);
    // The showcase hydrates when the visitor reaches it (its code comes then).
    await ctx.page.getByTestId('team-person').scrollIntoViewIfNeeded();
    await ctx.page.getByRole('button', { name: teamSection.playLabel }).waitFor();
    const name = await ctx.page.getByTestId('team-person').locator('p').first().textContent();
    await ctx.page.waitForTimeout(3500);
    await expect(
      ctx.page.getByTestId('team-person').locator('p').first().textContent(),
    ).resolves.toBe(name);
    // No parallax either.
    await ctx.page.evaluate(() => window.scrollTo(0, 50));
    await ctx.page.waitForTimeout(100);
    await expect(
      ctx.page
        .getByTestId('hero-text')
        .evaluate((el) => new DOMMatrixReadOnly(getComputedStyle(el).transform).m42),
    ).resolves.toBe(0);
  });
});
