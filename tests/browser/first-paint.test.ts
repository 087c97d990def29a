/**
 * Interactive from the first paint: on a throttled phone, taps made as soon as a control is
 * painted (not after hydration) take effect, and the navigation works with no scripts at all.
 */
import type { Locator, Page } from 'playwright-core';
import {
  footer,
  hero,
  navigation,
  pages,
  teamSection as homeTeam,
  work,
  workSection,
} from 'remote-shared/content';
import { contactPage } from 'remote-shared/contact-content';
import type { Browser, BrowserContext } from 'playwright-core';
import {
  holdScripts,
  openPhonePage,
  phoneViewport,
  tapsAfterHydration,
} from '../support/browser/phone';
import { launchBrowser, setUpSiteAndBrowser, siteUrl } from '../support/browser/site';
import { scaled } from '../support/time-factor';

const ctx = setUpSiteAndBrowser();

/** What a test opened, closed after it whether it passed or not. */
const opened: Array<BrowserContext | Browser> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((item) => item.close()));
});

/** The hold on each page's scripts (see holdScripts), let go when the test waits to hydrate. */
const heldScripts = new WeakMap<Page, () => void>();

/**
 * A throttled phone page, closed after the test, whose scripts wait until the test lets the
 * page hydrate: its taps land before hydration on a busy machine too.
 */
async function phonePage() {
  const phone = await openPhonePage(ctx.browser);
  opened.push(phone.context);
  heldScripts.set(phone.page, (await holdScripts(phone.page)).release);
  return phone;
}

const toggle = (p: Page) => p.getByRole('button', { name: /^(Menu|Close)$/ });
const overlay = (p: Page) => p.getByRole('dialog', { name: navigation.overlayLabel });

/** Opens a route and returns as soon as `control` is painted (visible), before hydration. */
async function arriveAt(p: Page, path: string, control: (p: Page) => Locator): Promise<void> {
  await p.goto(siteUrl(path), { waitUntil: 'commit' });
  await control(p).waitFor({ state: 'visible', timeout: scaled(20_000) });
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

/** Lets the page's scripts go, and waits until the app has hydrated. */
async function waitForHydration(p: Page): Promise<void> {
  heldScripts.get(p)?.();
  await p.waitForSelector('html[data-client-ready]', {
    state: 'attached',
    timeout: scaled(30_000),
  });
}

const musicButton = (p: Page) => p.getByRole('button', { name: hero.musicPlayLabel });

/** Observes (does not replace) every play() of the music and its outcome. */
async function watchMusicPlays(p: Page): Promise<void> {
  await p.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as { musicPlays: string[] }).musicPlays = calls;
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      const attempt = play.call(this);
      // The hero's muted background video plays on its own; only the music counts here.
      if (!(this instanceof HTMLAudioElement)) return attempt;
      calls.push('pending');
      const index = calls.length - 1;
      attempt.then(
        () => (calls[index] = 'played'),
        (error: unknown) =>
          (calls[index] =
            error instanceof DOMException && error.name === 'AbortError' ? 'aborted' : 'refused'),
      );
      return attempt;
    };
  });
}

const musicPlays = (p: Page): Promise<string[]> =>
  p.evaluate(() => (window as unknown as { musicPlays: string[] }).musicPlays);

/** Waits until the music has been asked to play and every attempt has its answer. */
async function settledPlays(p: Page): Promise<void> {
  await p.waitForFunction(
    () => {
      const plays = (window as unknown as { musicPlays: string[] }).musicPlays;
      return plays.length > 0 && !plays.includes('pending');
    },
    undefined,
    { timeout: scaled(10_000) },
  );
}

/** Taps the music at first paint (before hydration), then waits until its play() has answered. */
async function tapMusicAtFirstPaint(p: Page): Promise<void> {
  await watchMusicPlays(p);
  await arriveAt(p, '/', musicButton);
  await tap(p, musicButton(p));
  expect(await tapsAfterHydration(p)).toEqual([false]);
  await waitForHydration(p);
  await settledPlays(p);
}

describe('on a phone (4x CPU, 150 ms RTT, 1.6 Mbps), tapped at first paint', () => {
  it.each(['/', '/about', '/contact'])(
    '%s: Menu opens the overlay, and it stays open once the app hydrates',
    async (path) => {
      const { page, errors } = await phonePage();
      await arriveAt(page, path, toggle);
      await tap(page, toggle(page));
      await overlay(page).waitFor({ state: 'visible', timeout: scaled(2_000) });
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
    await about.waitFor({ state: 'visible', timeout: scaled(2_000) });
    expect(await tapsAfterHydration(page)).toEqual([false]);
    // The link is tapped before hydration too (this page never hydrates before it leaves).
    await page.evaluate(() => {
      if (document.documentElement.hasAttribute('data-client-ready'))
        throw new Error('The page hydrated before the link was tapped');
    });
    await tap(page, about);
    // The page it leads to loads as any page does.
    heldScripts.get(page)?.();
    await page.waitForURL(siteUrl('/about'), { timeout: scaled(20_000) });
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.title()).toBe(pages.about.title);
    expect(errors).toEqual([]);
  });

  it('a campaign landing left by a link before hydration is still the visit’s source', async () => {
    const { page, errors } = await phonePage();
    await arriveAt(page, '/?utm_source=dribbble&utm_campaign=autumn', toggle);
    await tap(page, toggle(page));
    const contact = overlay(page).getByRole('link', { name: 'Contact Us' });
    await contact.waitFor({ state: 'visible', timeout: scaled(2_000) });
    await page.evaluate(() => {
      if (document.documentElement.hasAttribute('data-client-ready'))
        throw new Error('The page hydrated before the link was tapped');
    });
    await tap(page, contact);
    // 'commit', not the load event: this page's scripts are held too, and once its client
    // loader starts them (at the latest after clientStartDeadlineMs) the load event waits for them.
    await page.waitForURL(siteUrl('/contact'), { waitUntil: 'commit', timeout: scaled(20_000) });
    await waitForHydration(page);
    const source = await page.evaluate(() => sessionStorage.getItem('firstday.visit-source'));
    expect(JSON.parse(source ?? 'null')).toEqual({
      referrer: '',
      utm: { utm_source: 'dribbble', utm_campaign: 'autumn' },
    });
    expect(errors).toEqual([]);
  });

  it('the music plays after one tap at first paint: the button is pressed and the hint gone', async () => {
    const { page, errors } = await phonePage();
    await tapMusicAtFirstPaint(page);
    // What the visitor meets: music playing, the button pressed, the invitation gone. Today's
    // defect (the replayed play() cancelled by a pause) fails every one of these.
    expect(await musicPlays(page)).toEqual(['played']);
    await page.waitForFunction(() => document.querySelector('audio')?.paused === false);
    const button = page.getByRole('button', { name: hero.musicPauseLabel });
    expect(await button.getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByText(hero.musicHint).count()).toBe(0);
    // Still playing a moment later: nothing paused it behind the visitor's back.
    await page.waitForTimeout(1_000);
    expect(await page.evaluate(() => document.querySelector('audio')?.paused)).toBe(false);
    expect(await page.evaluate(() => window.__fdTaps?.replayed)).toBe(1);
    expect(errors).toEqual([]);
  });

  it('where the browser refuses to play, the hint stays and the button is not pressed', async () => {
    const { page, errors } = await phonePage();
    // A page whose audio may not play (the browser's autoplay refusal, NotAllowedError).
    await page.addInitScript(() => {
      const play = HTMLMediaElement.prototype.play;
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        if (!(this instanceof HTMLAudioElement)) return play.call(this);
        return Promise.reject(new DOMException('Refused by the test', 'NotAllowedError'));
      };
    });
    await tapMusicAtFirstPaint(page);
    expect(await musicPlays(page)).toEqual(['refused']);
    await page.waitForFunction(() => window.__fdTaps?.replayed === 1);
    const button = page.getByRole('button', { name: hero.musicPlayLabel });
    await page.waitForFunction(
      () =>
        document.querySelector('button[data-tap="music"]')?.getAttribute('aria-pressed') ===
        'false',
    );
    expect(await button.getAttribute('aria-pressed')).toBe('false');
    expect(await page.getByText(hero.musicHint).isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('the team showcase, paused by a tap at first paint, is paused once hydrated', async () => {
    const { page, errors } = await phonePage();
    const pause = (p: Page) => p.getByRole('button', { name: homeTeam.pauseLabel });
    await arriveAt(page, '/', pause);
    await tap(page, pause(page));
    expect(await tapsAfterHydration(page)).toEqual([false]);
    await waitForHydration(page);
    const play = page.getByRole('button', { name: homeTeam.playLabel });
    await play.waitFor({ timeout: scaled(10_000) });
    // Paused means the same person stays for longer than a rotation period.
    const person = page.getByTestId('team-person');
    const before = await person.textContent();
    // The showcase moves on every 3 s when it runs.
    await page.waitForTimeout(4_500);
    expect(await person.textContent()).toBe(before);
    expect(await play.isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('a portfolio tile tapped at first paint reveals its project once hydrated', async () => {
    const { page, errors } = await phonePage();
    const [first] = work;
    if (!first) throw new Error('No portfolio tile');
    const tileTitle = (p: Page) => p.getByRole('heading', { level: 3, name: first.title });
    await arriveAt(page, '/', tileTitle);
    // The tile's own text (not its link): the capture records it, the tile replays it.
    await tap(page, tileTitle(page));
    expect(await tapsAfterHydration(page)).toEqual([false]);
    await waitForHydration(page);
    const tile = page.locator('article', { has: tileTitle(page) });
    await page.waitForFunction(
      (title) =>
        [...document.querySelectorAll('article[data-tap]')].some(
          (article) =>
            article.querySelector('h3')?.textContent === title &&
            article.getAttribute('data-active') === 'true',
        ),
      first.title,
      { timeout: scaled(10_000) },
    );
    // The visitor sees the overlay with "Check project" (it fades in).
    const check = tile.getByRole('link', { name: new RegExp(`^${workSection.checkProject}`) });
    await page.waitForFunction(
      (title) => {
        const article = [...document.querySelectorAll('article[data-tap]')].find(
          (a) => a.querySelector('h3')?.textContent === title,
        );
        const link = article?.querySelector('a');
        const overlay = link?.parentElement;
        return overlay ? getComputedStyle(overlay).opacity === '1' : false;
      },
      first.title,
      { timeout: scaled(5_000) },
    );
    expect(await check.isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('"Check project" tapped at first paint opens the project in a new tab', async () => {
    const { page, context, errors } = await phonePage();
    const [first] = work;
    if (!first) throw new Error('No portfolio tile');
    // The project's site is elsewhere; answer for it so the new tab has something to open.
    await context.route(`${new URL(first.link).origin}/**`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Project</title>' }),
    );
    const check = (p: Page) =>
      p.getByRole('link', { name: new RegExp(`^${workSection.checkProject}: ${first.title}`) });
    await arriveAt(page, '/', (p) => p.getByRole('heading', { level: 3, name: first.title }));
    await check(page).scrollIntoViewIfNeeded();
    const opened = context.waitForEvent('page', { timeout: scaled(10_000) });
    await tap(page, check(page));
    const project = await opened;
    await project.waitForURL(first.link, { timeout: scaled(10_000) });
    expect(await tapsAfterHydration(page)).toEqual([false]);
    // The site itself stays where the visitor was.
    expect(new URL(page.url()).pathname).toBe('/');
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
    await page.getByText(contactPage.fields.email.required).waitFor({ timeout: scaled(10_000) });
    expect(await name(page).inputValue()).toBe('Ada Lovelace');
    expect(new URL(page.url()).search).toBe('');
    expect(errors).toEqual([]);
  });

  it('Submit of a complete form tapped before hydration sends it and opens the thank-you popup', async () => {
    const { page, errors } = await phonePage();
    const field = (p: Page, key: keyof typeof contactPage.fields) =>
      p.getByLabel(contactPage.fields[key].label, { exact: false });
    await arriveAt(page, '/contact', (p) => field(p, 'name'));
    await field(page, 'name').fill('Ada Lovelace');
    await field(page, 'phone').fill('442079460000');
    await field(page, 'email').fill('ada@example.com');
    await field(page, 'company').fill('Analytical Engines');
    await tap(page, page.getByRole('button', { name: contactPage.submit }));
    expect(await tapsAfterHydration(page)).toEqual([false]);
    await waitForHydration(page);
    const thanks = page.getByRole('dialog', { name: contactPage.thankYouTitle });
    await thanks.waitFor({ timeout: scaled(20_000) });
    // Confirmed only once stored, and the form is emptied for the next request.
    expect(await field(page, 'name').inputValue()).toBe('');
    expect(await field(page, 'email').inputValue()).toBe('');
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
      { timeout: scaled(10_000) },
    );
    expect(errors).toEqual([]);
  });
});

/** Whether a `data-tap` control has hydrated (its useTapReplay has told the capture). */
const controlHydrated = (p: Page, key: string): Promise<boolean> =>
  p.evaluate((k) => window.__fdTaps?.live[k] === true, key);

/** The capture's counts: taps recorded before their control hydrated, and those replayed. */
const tapCounts = (p: Page): Promise<{ captured: number; replayed: number }> =>
  p.evaluate(() => ({
    captured: window.__fdTaps?.captured ?? -1,
    replayed: window.__fdTaps?.replayed ?? -1,
  }));

/** Holds the responses of files matching `file` until `release()`; `requested` says if any was asked for. */
async function holdFiles(p: Page, file: RegExp) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const state = { requested: false, release };
  await p.route(
    (url) => file.test(url.pathname),
    async (route) => {
      state.requested = true;
      await released;
      await route.continue();
    },
  );
  return state;
}

describe('on a phone, below the first screen: tapped as soon as painted, before its code came', () => {
  it('/: the team showcase keeps its server HTML until reached, and its pause tapped then takes effect', async () => {
    const { page, context, errors } = await openPhonePage(ctx.browser);
    opened.push(context);
    // The team section's own chunk, held once asked for: the tap lands before its code arrives
    // on any machine, as it does on a phone whose network is still bringing it.
    const teamCode = await holdFiles(page, /\/home-team\.[0-9a-f]{8}\.js$/);
    await page.goto(siteUrl('/'), { waitUntil: 'commit' });
    await page.waitForSelector('html[data-client-ready]', {
      state: 'attached',
      timeout: scaled(30_000),
    });
    // The first screen is the app's; the showcase, far below it, is still the server's HTML and
    // its code has not been asked for.
    expect(await controlHydrated(page, 'team-pause')).toBe(false);
    expect(teamCode.requested).toBe(false);

    const pause = page.getByRole('button', { name: homeTeam.pauseLabel });
    await pause.scrollIntoViewIfNeeded();
    await pause.waitFor({ state: 'visible' });
    await tap(page, pause);
    // Recorded by the page's capture: the control had not hydrated, its code was on its way.
    expect(await controlHydrated(page, 'team-pause')).toBe(false);
    expect(await tapCounts(page)).toEqual({ captured: 1, replayed: 0 });
    expect(teamCode.requested).toBe(true);

    teamCode.release();
    await page
      .getByRole('button', { name: homeTeam.playLabel })
      .waitFor({ timeout: scaled(15_000) });
    expect(await tapCounts(page)).toEqual({ captured: 1, replayed: 1 });
    expect(errors).toEqual([]);
  });

  it('/about: the footer’s “Start a project”, below the first screen, tapped before any script came, reaches /contact', async () => {
    const { page, errors } = await phonePage();
    const start = (p: Page) => p.getByRole('link', { name: footer.contactLink.label });
    await arriveAt(page, '/about', start);
    const box = await start(page).boundingBox();
    expect(box && box.y > phoneViewport.height).toBe(true);
    // The page's scripts are held (phonePage): nothing of the app runs when the tap lands.
    expect(
      await page.evaluate(() => document.documentElement.hasAttribute('data-client-ready')),
    ).toBe(false);
    await tap(page, start(page));
    // 'commit': the new page's scripts are held as well (see the campaign landing's test).
    await page.waitForURL(/\/contact$/, { waitUntil: 'commit', timeout: scaled(15_000) });
    await page.getByRole('heading', { level: 1, name: contactPage.heading }).waitFor();
    expect(errors).toEqual([]);
  });

  it('/contact: Clear, below the first screen, tapped before the form’s code came, clears the form once it has', async () => {
    const { page, errors } = await phonePage();
    const name = (p: Page) => p.getByLabel(contactPage.fields.name.label, { exact: false });
    const clear = (p: Page) => p.getByRole('button', { name: contactPage.clear });
    await arriveAt(page, '/contact', clear);
    const box = await clear(page).boundingBox();
    expect(box && box.y > phoneViewport.height).toBe(true);
    await name(page).fill('Ada Lovelace');
    await tap(page, clear(page));
    expect(await tapsAfterHydration(page)).toEqual([false]);
    await waitForHydration(page);
    await page.waitForFunction(
      () => (document.querySelector('#contact-name') as HTMLInputElement | null)?.value === '',
      undefined,
      { timeout: scaled(10_000) },
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
