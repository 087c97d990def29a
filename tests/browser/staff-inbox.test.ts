import AxeBuilder from '@axe-core/playwright';
import { parse } from 'csv-parse/sync';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { errors as errorTexts, pages } from 'remote-shared/content';
import { contactPage } from 'remote-shared/contact-content';
import { staffInbox } from 'remote-shared/staff-content';
import { decodeContactRequest } from '../../platform/contact-request/contact-request.cjs';
import { columns } from '../../platform/contact-request/request-export.cjs';
import { clearEmulator } from '../support/emulators/firestore';
import {
  clearAccounts,
  createAccount,
  grantStaffAccess,
  idTokenOf,
} from '../support/browser/staff-accounts';
import { emulator, openPage, setUpSiteAndBrowser, siteUrl, visit } from '../support/browser/site';
import { collections } from '../../platform/contact-request/contact-schema.cjs';
import { eventually } from '../support/browser/staff-inbox-harness';
import { scaled } from '../support/time-factor';

// Two browsers at once, a federated page, Firebase Auth and a live listener: seconds per step.
jest.setTimeout(60_000);

const staff = { email: 'ada@firstday.studio', password: 'staff-password-1' };
const visitor = { email: 'grace@example.com', password: 'visitor-password-1' };
const colleague = { email: 'bo@firstday.studio', password: 'staff-password-2' };

const ctx = setUpSiteAndBrowser();
let admin: App;
let db: Firestore;
const pagesOpened: Array<{ page: Page; errors: string[] }> = [];

beforeAll(async () => {
  admin = initializeApp({ projectId: emulator.projectId }, 'staff-inbox-browser-test');
  db = getFirestore(admin);
  await clearAccounts();
  await createAccount(staff.email, staff.password, true);
  await createAccount(visitor.email, visitor.password, false);
  await createAccount(colleague.email, colleague.password, true);
});

afterAll(async () => {
  if (admin) await deleteApp(admin);
});

beforeEach(async () => {
  await clearEmulator(emulator.projectId);
  // The staff roster the rules read lives in Firestore too: back on it after the clear.
  await grantStaffAccess(staff.email, colleague.email);
});

afterEach(async () => {
  for (const { page, errors } of pagesOpened.splice(0)) {
    await page.context().close();
    expect(errors).toEqual([]);
  }
});

/** A fresh browser (its own storage, so its own sign-in), in New York's time zone. */
async function newPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
  const opened = await openPage(ctx.browser, {
    viewport,
    timezoneId: 'America/New_York',
    acceptDownloads: true,
  });
  pagesOpened.push(opened);
  return opened.page;
}

async function openInbox(page: Page): Promise<void> {
  await visit(page, '/staff');
  await page.getByRole('heading', { level: 1, name: staffInbox.heading }).waitFor();
}

async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.getByLabel(staffInbox.signIn.email).fill(account.email);
  await page.getByLabel(staffInbox.signIn.password).fill(account.password);
  await page.getByRole('button', { name: staffInbox.signIn.submit, exact: true }).click();
}

async function signInAsStaff(page: Page, account = staff): Promise<void> {
  await openInbox(page);
  await signIn(page, account);
  await page.getByRole('searchbox', { name: staffInbox.tools.search }).waitFor();
}

interface Request {
  Name: string;
  Phone: string;
  Email: string;
  Company: string;
  Message: string;
}

/** Sends a request as a visitor does, through the contact form of the composed site. */
async function sendThroughContact(request: Request): Promise<void> {
  const page = await newPage();
  await visit(page, '/contact');
  for (const [label, value] of Object.entries(request)) {
    await page.getByLabel(new RegExp(`^${label}`)).fill(value);
  }
  await page.getByRole('button', { name: contactPage.submit }).click();
  await page.getByRole('dialog', { name: contactPage.thankYouTitle }).waitFor();
}

/** A stored request, written as the form writes it (for requests that only need to exist). */
async function storeRequest(id: string, fields: Omit<Request, never>, minutesAgo: number) {
  await db
    .collection(collections.requests)
    .doc(id)
    .set({
      name: fields.Name,
      phone: fields.Phone,
      email: fields.Email,
      company: fields.Company,
      message: fields.Message,
      createdAt: Timestamp.fromMillis(Date.now() - minutesAgo * 60_000),
    });
}

const ada: Request = {
  Name: 'Ada Lovelace',
  Phone: '442079460000',
  Email: 'ada@example.com',
  Company: 'Analytical Engines',
  Message: 'Line one of the brief.\nLine two <b>not bold</b> & more.',
};

const formulaCo: Request = {
  Name: 'Mallory Sheets',
  Phone: '15550100',
  Email: 'mallory@example.com',
  Company: '=1+1',
  Message: '@SUM(A1:A9)',
};

const card = (page: Page, name: string) =>
  page
    .locator('article')
    .filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

/** The status select of the request from `name`. */
const statusOf = (page: Page, name: string) =>
  page.getByRole('combobox', { name: staffInbox.actionLabel(staffInbox.lead.status, name) });

/** SCREENSHOT_DIR=/some/dir keeps pictures of a state to look at. */
async function shoot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOT_DIR) {
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png` });
  }
}

async function axeViolations(page: Page): Promise<string[]> {
  // Colours mid-transition (a filter just switched) are not what anyone reads: let them settle.
  // (A transition replaced mid-way rejects its `finished`; none may hold the test for long.)
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation instanceof CSSTransition)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 1000)),
    ]),
  );
  const result = await new AxeBuilder({ page }).include('main').analyze();
  return result.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}

describe('/staff on the render server', () => {
  it('sends the chrome and a loading page area, noindex, no-store, and is in no sitemap or visitor link', async () => {
    const response = await fetch(siteUrl('/staff'));
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`<title>${pages.staff.title}</title>`);
    expect(head).toContain('<meta name="robots" content="noindex">');
    expect(head).not.toContain('rel="canonical"');
    // The page area is the loading state: nothing of the inbox is drawn by the server.
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    expect(main).toContain(errorTexts.loadingLabel);
    expect(main).not.toContain(staffInbox.signIn.heading);
    expect(main).not.toContain(staffInbox.heading);
    // Rendered anew every time, never from the render cache.
    const again = await fetch(siteUrl('/staff'));
    expect(again.headers.get('cache-control')).toBe('no-store');

    const sitemap = await (await fetch(siteUrl('/sitemap.xml'))).text();
    expect(sitemap).not.toContain('/staff');
    for (const path of ['/', '/about', '/contact', '/menu']) {
      expect({
        path,
        linksStaff: (await (await fetch(siteUrl(path))).text()).includes('/staff"'),
      }).toEqual({
        path,
        linksStaff: false,
      });
    }
  });
});

describe('the staff inbox', () => {
  it('signed out: shows the sign-in form and no request', async () => {
    await storeRequest('SignedOutSeesNothing', ada, 5);
    const page = await newPage();
    await openInbox(page);
    await page.getByRole('heading', { name: staffInbox.signIn.heading }).waitFor();
    await page.getByLabel(staffInbox.signIn.email).waitFor();
    expect(await page.locator('main').innerText()).not.toContain(ada.Name);
    expect(await page.locator('main article').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // A wrong password is refused with a message, and still shows nothing.
    await signIn(page, { email: staff.email, password: 'not-the-password' });
    await page.getByText(staffInbox.signIn.failures.credentials).waitFor();
    expect(await page.locator('main').innerText()).not.toContain(ada.Name);
  });

  it('signed in without the staff claim: the refusal and nothing else; the rules deny its reads', async () => {
    await storeRequest('VisitorMayNotRead00', ada, 5);
    const page = await newPage();
    await openInbox(page);
    await signIn(page, visitor);
    await page.getByRole('heading', { name: staffInbox.refused.heading }).waitFor();
    await page.getByText(staffInbox.refused.text(visitor.email)).waitFor();
    const main = await page.locator('main').innerText();
    expect(main).not.toContain(ada.Name);
    expect(await page.getByRole('searchbox').count()).toBe(0);
    expect(await page.locator('main article').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // The refusal is not just the page's: Firestore itself refuses this account's token.
    const documents = `http://${emulator.host}:${emulator.port}/v1/projects/${emulator.projectId}/databases/(default)/documents/users`;
    const read = (token: string) =>
      fetch(documents, { headers: { Authorization: `Bearer ${token}` } });
    const refused = await read(await idTokenOf(visitor.email, visitor.password));
    expect(refused.status).toBe(403);
    const single = await fetch(`${documents}/VisitorMayNotRead00`, {
      headers: { Authorization: `Bearer ${await idTokenOf(visitor.email, visitor.password)}` },
    });
    expect(single.status).toBe(403);
    // The same read with a staff token passes: the 403 is about the claim, not the request.
    expect((await read(await idTokenOf(staff.email, staff.password))).status).toBe(200);

    // Sign out leads back to the form.
    await page.getByRole('button', { name: staffInbox.signOut }).click();
    await page.getByRole('heading', { name: staffInbox.signIn.heading }).waitFor();
  });

  it('staff see a request sent through /contact appear live, newest first, safely shown', async () => {
    await storeRequest('OlderRequest0000000', formulaCo, 60);
    const page = await newPage();
    await signInAsStaff(page);
    await card(page, formulaCo.Name).waitFor();
    expect(await page.locator('main article').count()).toBe(1);

    // A visitor sends a request in another browser; it appears here without a reload.
    let reloaded = false;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) reloaded = true;
    });
    await sendThroughContact(ada);
    const adaCard = card(page, ada.Name);
    await adaCard.waitFor({ timeout: scaled(15_000) });
    expect(reloaded).toBe(false);
    await page
      .getByRole('status')
      .filter({ hasText: staffInbox.arrived(1) })
      .waitFor();

    // Newest first.
    const names = await page.locator('main article h3').allInnerTexts();
    expect(names).toEqual([ada.Name, formulaCo.Name]);

    // Email as a mailto link, phone, company, the time in the viewer's zone with the zone named.
    expect(
      await adaCard
        .getByRole('link', { name: staffInbox.replyLabel(ada.Email) })
        .getAttribute('href'),
    ).toBe(
      `mailto:${ada.Email}?subject=${encodeURIComponent(staffInbox.replySubject(ada.Name, ada.Company))}`,
    );
    const text = await adaCard.innerText();
    expect(text).toContain(ada.Phone);
    expect(text).toContain(ada.Company);
    const time = adaCard.locator('time').first();
    expect(await time.innerText()).toMatch(/(GMT-[45]|E[SD]T)$/);
    expect(Date.now() - Date.parse((await time.getAttribute('datetime')) ?? '')).toBeLessThan(
      120_000,
    );
    await page.getByText(staffInbox.timeZoneNote('America/New_York')).waitFor();

    // The message keeps its line breaks and its markup stays text.
    const message = adaCard.getByText('Line one of the brief.');
    expect(await message.innerText()).toBe(ada.Message);
    expect(await adaCard.locator('b').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('the reply link of a hostile stored address carries no header: one recipient, only our subject', async () => {
    // Stored past the rules (as data from before they tightened would be).
    const hostile = 'victim%40realcorp.example?bcc=spy%40evil.example&subject=Hi@b.co';
    await storeRequest('HostileAddress00000', { ...ada, Name: 'Eve Hostile', Email: hostile }, 5);
    const page = await newPage();
    await signInAsStaff(page);
    const link = card(page, 'Eve Hostile').getByRole('link', {
      name: staffInbox.replyLabel(hostile),
    });
    const href = await link.getAttribute('href');
    expect(href).not.toBeNull();
    const url = new URL(href!);
    expect(url.protocol).toBe('mailto:');
    expect(url.hash).toBe('');
    // One parameter only, the subject the inbox wrote (naming the request); no Bcc.
    expect([...url.searchParams.keys()]).toEqual(['subject']);
    expect(url.searchParams.get('subject')).toBe(
      staffInbox.replySubject('Eve Hostile', ada.Company),
    );
    expect(url.searchParams.has('bcc')).toBe(false);
    // The one recipient is the stored text itself, which no mail client reads as a header.
    expect(decodeURIComponent(url.pathname)).toBe(hostile);
    expect(url.pathname).not.toMatch(/[?&#]/);
  });

  it('the reply link names the request in its subject and marks a new request replied', async () => {
    await storeRequest('AdaRequest000000000', ada, 10);
    const page = await newPage();
    await signInAsStaff(page);
    // The mail program is not the test's business: keep the page from leaving for mailto:.
    await page.evaluate(() =>
      window.addEventListener(
        'click',
        (event) => {
          if ((event.target as Element).closest('a[href^="mailto:"]')) event.preventDefault();
        },
        true,
      ),
    );
    const link = card(page, ada.Name).getByRole('link', { name: staffInbox.replyLabel(ada.Email) });
    expect(new URL((await link.getAttribute('href'))!).searchParams.get('subject')).toBe(
      staffInbox.replySubject(ada.Name, ada.Company),
    );
    await link.focus();
    await page.keyboard.press('Enter');
    await eventually(async () => {
      const doc = await db.doc('users/AdaRequest000000000').get();
      return doc.get('status');
    }, 'replied');
    await card(page, ada.Name)
      .locator('header')
      .getByText(staffInbox.status.replied, { exact: true })
      .waitFor();
    // Recorded as a change by this staff member, and focus stays on the link.
    const stored = decodeContactRequest(
      'x',
      (await db.doc('users/AdaRequest000000000').get()).data(),
    );
    expect(stored.history.map((entry) => [entry.by, entry.field, entry.to])).toEqual([
      [staff.email, 'status', 'replied'],
    ]);
    expect(await link.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('search and filter narrow the list; marking answered survives a reload and goes back', async () => {
    await storeRequest('AdaRequest000000000', ada, 10);
    await storeRequest('FormulaRequest00000', formulaCo, 20);
    const page = await newPage();
    await signInAsStaff(page);
    await card(page, formulaCo.Name).waitFor();
    const search = page.getByRole('searchbox', { name: staffInbox.tools.search });
    const names = () => page.locator('main article h3').allInnerTexts();

    for (const [query, expected] of [
      ['analytical', [ada.Name]], // company
      ['MALLORY@example', [formulaCo.Name]], // email, any case
      ['not bold', [ada.Name]], // message
      ['lovelace ada', [ada.Name]], // name, words in any order
      ['nobody', []],
      ['', [ada.Name, formulaCo.Name]],
    ] as const) {
      await search.fill(query);
      await eventually(names, [...expected]);
    }
    await search.fill('nobody');
    await page.getByText(staffInbox.noMatches).waitFor();
    await search.fill('');

    // Mark Ada's request replied.
    await statusOf(page, ada.Name).selectOption('replied');
    await card(page, ada.Name)
      .locator('header')
      .getByText(staffInbox.status.replied, { exact: true })
      .waitFor();
    await eventually(
      async () =>
        (await db.collection(collections.requests).doc('AdaRequest000000000').get()).data()?.status,
      'replied',
    );

    // Each view's label says how many requests it holds: "Replied (1)".
    const filter = (name: string) =>
      page.getByRole('radio', { name: new RegExp(`^${name} \\(\\d+\\)$`) });
    await filter(staffInbox.tools.filters.replied).check();
    await eventually(names, [ada.Name]);
    await filter(staffInbox.tools.filters.new).check();
    await eventually(names, [formulaCo.Name]);
    await filter(staffInbox.tools.filters.all).check();
    await eventually(names, [ada.Name, formulaCo.Name]);

    // A reload (a new session of the page) shows it replied still, and who changed it.
    await page.reload();
    await page.waitForSelector('html[data-client-ready]', { state: 'attached' });
    await card(page, ada.Name)
      .locator('header')
      .getByText(staffInbox.status.replied, { exact: true })
      .waitFor();
    await card(page, ada.Name)
      .getByText(new RegExp(`^Changed by ${staff.email}`))
      .waitFor();
    expect(
      await card(page, formulaCo.Name)
        .locator('header')
        .getByText(staffInbox.status.new, { exact: true })
        .count(),
    ).toBe(1);

    // And back to new.
    await statusOf(page, ada.Name).selectOption('new');
    await card(page, ada.Name)
      .locator('header')
      .getByText(staffInbox.status.new, { exact: true })
      .waitFor();
    await eventually(
      async () =>
        (await db.collection(collections.requests).doc('AdaRequest000000000').get()).data()?.status,
      'new',
    );
  });

  it('exports the filtered list as spreadsheet-safe CSV and exact JSON', async () => {
    const page = await newPage();
    await sendThroughContact(formulaCo);
    await storeRequest('AdaRequest000000000', ada, 30);
    await signInAsStaff(page);
    await card(page, formulaCo.Name).waitFor();
    await card(page, ada.Name).waitFor();
    await page.getByRole('searchbox', { name: staffInbox.tools.search }).fill('mallory');
    await eventually(() => page.locator('main article').count(), 1);

    const download = async (name: string) => {
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name }).click(),
      ]);
      expect(file.suggestedFilename()).toMatch(/^contact-requests-\d{4}-\d{2}-\d{2}\.(csv|json)$/);
      return fs.readFileSync((await file.path()) ?? '', 'utf8');
    };

    const csv = await download(staffInbox.tools.exportCsv);
    expect(csv.startsWith(`\ufeff${columns.join(',')}\r\n`)).toBe(true);
    const rows = parse(csv, { columns: true, bom: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1); // only what the search shows
    expect(rows[0]).toMatchObject({
      name: formulaCo.Name,
      company: "'=1+1",
      message: "'@SUM(A1:A9)",
      email: formulaCo.Email,
      phone: formulaCo.Phone,
    });
    expect(rows[0]?.id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(Date.now() - Date.parse(rows[0]?.createdAt ?? '')).toBeLessThan(120_000);

    const json = JSON.parse(await download(staffInbox.tools.exportJson)) as Record<
      string,
      string
    >[];
    expect(json).toEqual([
      expect.objectContaining({ name: formulaCo.Name, company: '=1+1', id: rows[0]?.id }),
    ]);
  });

  it('deletes a request only after a confirmation', async () => {
    await storeRequest('AdaRequest000000000', ada, 10);
    await storeRequest('FormulaRequest00000', formulaCo, 20);
    const page = await newPage({ width: 390, height: 844 });
    await signInAsStaff(page);
    const deleteButton = card(page, ada.Name).getByRole('button', {
      name: staffInbox.actionLabel(staffInbox.delete, ada.Name),
    });
    await deleteButton.click();
    const dialog = page.getByRole('dialog', { name: staffInbox.confirmDelete.title });
    await dialog.waitFor();
    await dialog.getByText(staffInbox.confirmDelete.text(ada.Name, ada.Company)).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Escape (or Cancel) keeps it, and focus returns to the button that asked.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await deleteButton.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(
      (await db.collection(collections.requests).doc('AdaRequest000000000').get()).exists,
    ).toBe(true);

    await deleteButton.click();
    await dialog.getByRole('button', { name: staffInbox.confirmDelete.confirm }).click();
    await card(page, ada.Name).waitFor({ state: 'detached' });
    await dialog.waitFor({ state: 'hidden' });
    expect(
      (await db.collection(collections.requests).doc('AdaRequest000000000').get()).exists,
    ).toBe(false);
    expect(await page.locator('main article h3').allInnerTexts()).toEqual([formulaCo.Name]);
    // Focus goes to the neighbouring request (the list does not jump to its heading). The
    // dialog's close event, which moves it, comes a task after the dialog is hidden.
    const neighbour = staffInbox.actionLabel(staffInbox.lead.status, formulaCo.Name);
    await page
      .waitForFunction(
        (label) => document.activeElement?.getAttribute('aria-label') === label,
        neighbour,
        { timeout: scaled(5000) },
      )
      .catch(() => undefined);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      neighbour,
    );
  });
});

/** Records every request of `page` that leaves this machine (none may: App Check is off locally). */
function requestsLeavingTheMachine(page: Page): string[] {
  const outside: string[] = [];
  page.on('request', (request) => {
    const { protocol, hostname } = new URL(request.url());
    if (/^(blob|data):$/.test(protocol)) return;
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(hostname)) outside.push(request.url());
  });
  return outside;
}

describe('where a lead came from', () => {
  it('shows the landing page’s campaign on the request, filters by it and exports it', async () => {
    // A visitor from Dribbble lands on the home page with campaign parameters, moves on to
    // /contact (no parameters there) and sends the form.
    const opened = await openPage(ctx.browser, { locale: 'en-GB' });
    pagesOpened.push(opened);
    const visitorPage = opened.page;
    const leftVisitor = requestsLeavingTheMachine(visitorPage);
    await visit(visitorPage, '/?utm_source=dribbble&utm_campaign=autumn', {
      referer: 'https://dribbble.com/shots/123-first-day',
    });
    await visit(visitorPage, '/contact');
    for (const [label, value] of Object.entries(ada)) {
      await visitorPage.getByLabel(new RegExp(`^${label}`)).fill(value);
    }
    await visitorPage.getByRole('button', { name: contactPage.submit }).click();
    await visitorPage.getByRole('dialog', { name: contactPage.thankYouTitle }).waitFor();
    await storeRequest('NoCampaignRequest000', formulaCo, 30);

    const page = await newPage();
    const leftStaff = requestsLeavingTheMachine(page);
    await signInAsStaff(page);
    const request = card(page, ada.Name);
    const fact = (term: string) =>
      request
        .locator('dl > div')
        .filter({ has: page.locator('dt', { hasText: new RegExp(`^${term}$`) }) })
        .locator('dd');
    await expect(fact(staffInbox.context.utmSource).textContent()).resolves.toBe('dribbble');
    await expect(fact(staffInbox.context.utmCampaign).textContent()).resolves.toBe('autumn');
    await expect(fact(staffInbox.context.page).textContent()).resolves.toBe('/contact');
    await expect(fact(staffInbox.context.referrer).textContent()).resolves.toBe(
      'https://dribbble.com',
    );
    await expect(fact(staffInbox.context.language).textContent()).resolves.toBe('en-GB');

    await page.getByLabel(staffInbox.tools.campaign).selectOption('autumn');
    await eventually(() => page.locator('main article').count(), 1);
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: staffInbox.tools.exportCsv }).click(),
    ]);
    const rows = parse(fs.readFileSync((await file.path()) ?? '', 'utf8'), {
      columns: true,
      bom: true,
    }) as Record<string, string>[];
    expect(rows).toEqual([
      expect.objectContaining({
        name: ada.Name,
        utmSource: 'dribbble',
        utmCampaign: 'autumn',
        page: '/contact',
        referrer: 'https://dribbble.com',
        language: 'en-GB',
        status: 'new',
      }),
    ]);
    // The whole journey, sign-in, live list and export included, stayed on this machine.
    expect([...leftVisitor, ...leftStaff]).toEqual([]);
  });
});

describe('suspected spam', () => {
  it('is kept apart under Spam, and "not spam" moves it back to the inbox', async () => {
    await storeRequest('AdaRequest000000000', ada, 10);
    // As the notification function leaves a honeypot-filled request.
    await storeRequest('SpamRequest00000000', formulaCo, 5);
    await db.doc('users/SpamRequest00000000').update({
      honeypot: true,
      spam: true,
      spamScore: 3,
      spamReasons: ['honeypot'],
    });
    const page = await newPage();
    await signInAsStaff(page);
    await card(page, ada.Name).waitFor();
    await expect(card(page, formulaCo.Name).count()).resolves.toBe(0);

    await page.getByRole('radio', { name: staffInbox.tools.filters.spam }).check();
    const suspect = card(page, formulaCo.Name);
    await suspect.getByText(staffInbox.spam.badge).waitFor();
    await suspect.getByText(staffInbox.spam.reasons.honeypot!, { exact: false }).waitFor();
    await expect(card(page, ada.Name).count()).resolves.toBe(0);

    await suspect
      .getByRole('button', {
        name: staffInbox.actionLabel(staffInbox.spam.notSpam, formulaCo.Name),
      })
      .click();
    await eventually(async () => {
      const stored = (await db.doc('users/SpamRequest00000000').get()).data();
      return [stored?.spam, stored?.rescuedAt instanceof Timestamp];
    }, [false, true]);
    // Who rescued it is in its history.
    const rescued = decodeContactRequest(
      'x',
      (await db.doc('users/SpamRequest00000000').get()).data(),
    );
    expect(rescued.history.map((entry) => [entry.by, entry.field, entry.to])).toEqual([
      [staff.email, 'spam', 'not-spam'],
    ]);
    await eventually(() => card(page, formulaCo.Name).count(), 0);
    await page.getByRole('radio', { name: staffInbox.tools.filters.all }).check();
    await card(page, formulaCo.Name).waitFor();
  });
});

describe('keyboard, focus and announcements', () => {
  /** What has focus: its id, else its accessible label, else its text. */
  const focused = (page: Page) =>
    page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return 'body';
      return element.getAttribute('aria-label') || element.id || element.textContent || '';
    });

  const label = (action: string, name: string) => staffInbox.actionLabel(action, name);

  it('keeps focus on or next to the control used: sign-in, answered, undo, delete, sign-out', async () => {
    await storeRequest('AdaRequest000000000', ada, 30);
    await storeRequest('MalloryRequest00000', formulaCo, 10);
    const page = await newPage();
    await openInbox(page);
    // Sign in with the keyboard only.
    await page.getByLabel(staffInbox.signIn.email).focus();
    await page.keyboard.type(staff.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(staff.password);
    await page.keyboard.press('Enter');
    await card(page, ada.Name).waitFor();
    await eventually(() => focused(page), 'inbox-search');

    // Changing the status keeps focus on its select (nothing disables itself while saving).
    const adaStatus = label(staffInbox.lead.status, ada.Name);
    await statusOf(page, ada.Name).focus();
    await page.keyboard.press('ArrowDown'); // new → replied
    await eventually(async () => {
      const doc = await db.doc('users/AdaRequest000000000').get();
      return doc.get('status');
    }, 'replied');
    await eventually(() => focused(page), adaStatus);

    // Under the New filter, a change hides the card: Undo takes focus, and brings it back.
    await page.getByRole('radio', { name: staffInbox.tools.filters.new }).check();
    await statusOf(page, formulaCo.Name).focus();
    await page.keyboard.press('ArrowDown');
    await eventually(() => focused(page), staffInbox.undoLabel(formulaCo.Name));
    await page.getByText(staffInbox.hidden(formulaCo.Name, staffInbox.status.replied)).waitFor();
    await eventually(() => card(page, formulaCo.Name).count(), 0);
    await page.keyboard.press('Enter');
    await card(page, formulaCo.Name).waitFor();
    await eventually(async () => {
      const doc = await db.doc('users/MalloryRequest00000').get();
      return doc.get('status');
    }, 'new');
    await eventually(() => focused(page), label(staffInbox.lead.status, formulaCo.Name));

    // Deleting moves focus to the neighbouring request, not to the top of the list.
    await page.getByRole('radio', { name: staffInbox.tools.filters.all }).check();
    await page.getByRole('button', { name: label(staffInbox.delete, formulaCo.Name) }).focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: staffInbox.confirmDelete.confirm })
      .focus();
    await page.keyboard.press('Enter');
    await eventually(() => card(page, formulaCo.Name).count(), 0);
    await eventually(() => focused(page), adaStatus);

    // Signing out: focus goes to the sign-in form's first field.
    await page.getByRole('button', { name: staffInbox.signOut }).focus();
    await page.keyboard.press('Enter');
    await page.getByLabel(staffInbox.signIn.email).waitFor();
    await eventually(() => focused(page), 'staff-email');
  });

  it('passes axe at 390x844 and 1440x900: context, the Spam view and the undo notice', async () => {
    await storeRequest('AdaRequest000000000', ada, 30);
    await db.doc('users/AdaRequest000000000').update({
      page: '/contact',
      referrer: 'https://dribbble.com',
      utmSource: 'dribbble',
      utmCampaign: 'autumn',
      language: 'en-GB',
    });
    await storeRequest('MalloryRequest00000', formulaCo, 10);
    await storeRequest('SpamRequest00000000', { ...formulaCo, Name: 'Spam Bot' }, 5);
    await db
      .doc('users/SpamRequest00000000')
      .update({ spam: true, spamScore: 5, spamReasons: ['honeypot', 'too-fast'] });
    const page = await newPage({ width: 1440, height: 900 });
    await signInAsStaff(page);
    await card(page, ada.Name).waitFor();
    // SCREENSHOT_DIR=/some/dir keeps pictures of each state to look at.
    const shoot = async (name: string) => {
      if (process.env.SCREENSHOT_DIR) {
        await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png` });
      }
    };
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      // On a phone the views fold behind one button: open them.
      const moreTools = page.locator('button[aria-controls="inbox-more-tools"]');
      if (
        (await moreTools.isVisible()) &&
        (await moreTools.getAttribute('aria-expanded')) === 'false'
      ) {
        await moreTools.click();
      }
      await page.getByRole('radio', { name: staffInbox.tools.filters.all }).check();
      expect(await axeViolations(page)).toEqual([]);
      // Nothing wider than the screen (WCAG reflow): the views wrap on a phone.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
      await shoot(`inbox-${viewport.width}`);
      await page.getByRole('radio', { name: staffInbox.tools.filters.spam }).check();
      await card(page, 'Spam Bot').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await shoot(`spam-${viewport.width}`);
      await page.getByRole('radio', { name: staffInbox.tools.filters.new }).check();
      await statusOf(page, formulaCo.Name).selectOption('replied');
      await page.getByRole('button', { name: staffInbox.undoLabel(formulaCo.Name) }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await shoot(`undo-${viewport.width}`);
      await page.getByRole('button', { name: staffInbox.undoLabel(formulaCo.Name) }).click();
      await card(page, formulaCo.Name).waitFor();
    }
  });

  it('says a new arrival once, in its own region, highlights it and counts it in the title until seen', async () => {
    await storeRequest('AdaRequest000000000', ada, 30);
    const page = await newPage();
    await signInAsStaff(page);
    await card(page, ada.Name).waitFor();
    const title = await page.title();
    const notice = page.getByTestId('arrival-notice');
    await expect(notice.textContent()).resolves.toBe('');

    await storeRequest('MalloryRequest00000', formulaCo, 0);
    await card(page, formulaCo.Name).waitFor();
    await expect(notice.textContent()).resolves.toBe(staffInbox.arrived(1));
    await eventually(() => page.title(), staffInbox.unseenTitle(1, title));
    // The count's own status region says only the count, so count changes never repeat it.
    const count = page.locator('p[role="status"]').first();
    await expect(count.textContent()).resolves.toBe(staffInbox.count(2, 2));
    await expect(
      card(page, formulaCo.Name).evaluate((element) => getComputedStyle(element).outlineStyle),
    ).resolves.toBe('solid');

    // The notice clears by itself; a key press means the staff member has seen the arrivals.
    await eventually(() => notice.textContent(), '', 15_000);
    await page.keyboard.press('Shift');
    await eventually(() => page.title(), title);
  });
});

describe("a lead's life", () => {
  const focusedLabel = (page: Page) =>
    page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
  const label = (action: string, name: string) => staffInbox.actionLabel(action, name);

  it('moves through its statuses with a note and an owner on one device, seen live on another; keyboard only, focus kept', async () => {
    await storeRequest('AdaRequest000000000', ada, 30);
    // A colleague on a phone, signed in first (so the roster holds them).
    const phone = await newPage({ width: 390, height: 844 });
    await signInAsStaff(phone, colleague);
    await card(phone, ada.Name).waitFor();
    const desk = await newPage({ width: 1440, height: 900 });
    const left = requestsLeavingTheMachine(desk);
    await signInAsStaff(desk, staff);
    const adaCard = card(desk, ada.Name);
    await adaCard.waitFor();

    // Owner, with the keyboard (every staff member who opened the inbox is offered; the first
    // is this one); focus stays on the select.
    const owner = adaCard.getByRole('combobox', { name: label(staffInbox.lead.owner, ada.Name) });
    await eventually(
      () => owner.locator('option').allInnerTexts(),
      [staffInbox.lead.nobody, staff.email, colleague.email],
    );
    await owner.focus();
    await desk.keyboard.press('ArrowDown');
    await eventually(
      async () => (await db.doc('users/AdaRequest000000000').get()).get('owner'),
      staff.email,
    );
    await eventually(() => focusedLabel(desk), label(staffInbox.lead.owner, ada.Name));
    await eventually(() => owner.getAttribute('aria-busy'), 'false');

    // Status: new → replied → in talks, focus on the select throughout.
    await statusOf(desk, ada.Name).focus();
    await desk.keyboard.press('ArrowDown');
    await eventually(
      async () => (await db.doc('users/AdaRequest000000000').get()).get('status'),
      'replied',
    );
    // A change while the last one is saving is ignored (said by aria-busy): wait for it.
    await eventually(() => statusOf(desk, ada.Name).getAttribute('aria-busy'), 'false');
    await desk.keyboard.press('ArrowDown');
    await eventually(
      async () => (await db.doc('users/AdaRequest000000000').get()).get('status'),
      'in-talks',
    );
    await eventually(() => focusedLabel(desk), label(staffInbox.lead.status, ada.Name));
    await eventually(() => statusOf(desk, ada.Name).getAttribute('aria-busy'), 'false');

    // The note: open the disclosure, write, save; focus stays on Save.
    const summary = adaCard.locator('summary');
    await summary.focus();
    await desk.keyboard.press('Enter');
    await desk.keyboard.press('Tab');
    expect(await focusedLabel(desk)).toBe(label(staffInbox.lead.note, ada.Name));
    await desk.keyboard.type('Budget agreed.\nStarts in May.');
    await desk.keyboard.press('Tab');
    expect(await focusedLabel(desk)).toBe(label(staffInbox.lead.saveNote, ada.Name));
    await desk.keyboard.press('Enter');
    await adaCard.getByText(staffInbox.lead.noteSavedCleaned(0)).waitFor();
    expect(await focusedLabel(desk)).toBe(label(staffInbox.lead.saveNote, ada.Name));

    // The phone sees all of it live: status, owner, note and who did what.
    const onPhone = card(phone, ada.Name);
    await onPhone
      .locator('header')
      .getByText(staffInbox.status['in-talks'], { exact: true })
      .waitFor();
    await expect(
      phone.getByRole('combobox', { name: label(staffInbox.lead.owner, ada.Name) }).inputValue(),
    ).resolves.toBe(staff.email);
    await onPhone.locator('summary').click();
    await eventually(
      () =>
        phone.getByRole('textbox', { name: label(staffInbox.lead.note, ada.Name) }).inputValue(),
      'Budget agreed.\nStarts in May.',
    );
    const history = onPhone.locator('ol li');
    await eventually(() => history.count(), 4);
    expect(await history.first().innerText()).toContain(
      staffInbox.lead.change(staff.email, 'note', 'x'),
    );
    expect(await history.last().innerText()).toContain(
      staffInbox.lead.change(staff.email, 'owner', staff.email),
    );

    // The colleague wins it; the desk sees that.
    await statusOf(phone, ada.Name).selectOption('won');
    await adaCard.locator('header').getByText(staffInbox.status.won, { exact: true }).waitFor();
    await adaCard.getByText(`Changed by ${colleague.email}`, { exact: false }).waitFor();

    const stored = decodeContactRequest(
      'x',
      (await db.doc('users/AdaRequest000000000').get()).data(),
    );
    expect(stored).toMatchObject({
      status: 'won',
      owner: staff.email,
      note: 'Budget agreed.\nStarts in May.',
    });
    expect(stored.history.map((entry) => [entry.by, entry.field, entry.to])).toEqual([
      [staff.email, 'owner', staff.email],
      [staff.email, 'status', 'replied'],
      [staff.email, 'status', 'in-talks'],
      [staff.email, 'note', 'Budget agreed.\nStarts in May.'],
      [colleague.email, 'status', 'won'],
    ]);

    // The export carries the lead's state.
    const [file] = await Promise.all([
      desk.waitForEvent('download'),
      desk.getByRole('button', { name: staffInbox.tools.exportCsv }).click(),
    ]);
    const rows = parse(fs.readFileSync((await file.path()) ?? '', 'utf8'), {
      columns: true,
      bom: true,
    }) as Record<string, string>[];
    expect(rows[0]).toMatchObject({
      status: 'won',
      owner: staff.email,
      note: 'Budget agreed.\nStarts in May.',
      changedBy: colleague.email,
    });
    expect(rows[0]?.history?.split('\n')).toHaveLength(5);
    expect(left).toEqual([]);
  });

  it('a compact list: whole requests above the fold on a phone and a desktop, long messages collapsed, a link per request', async () => {
    const long = `${'A long brief about a new shop, its catalogue and its launch. '.repeat(12)}\nThe end.`;
    // Typical requests: every field, a message of two lines or more, where it came from.
    for (let i = 0; i < 12; i += 1) {
      await storeRequest(
        `Compact${String(i).padStart(12, '0')}`,
        { ...ada, Name: `Client ${i}`, Message: i % 2 ? long : ada.Message },
        i,
      );
      await db.doc(`users/Compact${String(i).padStart(12, '0')}`).update({
        page: '/contact',
        utmSource: 'newsletter',
        utmCampaign: 'autumn-2026',
        language: 'en-GB',
      });
    }
    // A lead owned by someone whose staff access was revoked (off the roster): it keeps the name.
    await db.doc('users/Compact000000000005').update({ owner: 'gone@firstday.studio' });
    const page = await newPage({ width: 1440, height: 900 });
    await signInAsStaff(page);
    await card(page, 'Client 0').waitFor();
    // Whole cards (their bottom edge on the first screen), and the start of the next one.
    const firstScreen = () =>
      page.evaluate(() => {
        const boxes = [...document.querySelectorAll('main article')].map((article) =>
          article.getBoundingClientRect(),
        );
        return {
          whole: boxes.filter((box) => box.top >= 0 && box.bottom <= window.innerHeight).length,
          started: boxes.filter((box) => box.top < window.innerHeight).length,
        };
      });
    const shown: Record<string, { whole: number; started: number }> = {};
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      // The first screen, as the inbox opens.
      await page.evaluate(() => window.scrollTo(0, 0));
      shown[viewport.width] = await firstScreen();
      await shoot(page, `compact-${viewport.width}`);
    }
    console.log(`Cards on the first screen: ${JSON.stringify(shown)}`);
    expect(shown[1440]?.whole).toBeGreaterThanOrEqual(3);
    // On a phone the search and the owner each take a row of their own (sharing one, the search's
    // placeholder and the owner's address were cut): one whole request and the next one started.
    expect(shown[390]?.whole).toBeGreaterThanOrEqual(1);
    expect(shown[390]?.started).toBeGreaterThanOrEqual(2);

    // The former owner is named as such, and offered only on the lead they own.
    const ownerOf = (name: string) =>
      page.getByRole('combobox', {
        name: staffInbox.actionLabel(staffInbox.lead.owner, name),
      });
    await eventually(
      () => ownerOf('Client 5').locator('option:checked').innerText(),
      'gone@firstday.studio (former staff)',
    );
    expect(await ownerOf('Client 4').locator('option').allInnerTexts()).toEqual([
      staffInbox.lead.nobody,
      staff.email,
    ]);

    // A long message shows its first lines until expanded.
    const longCard = card(page, 'Client 1');
    const message = longCard.getByText('A long brief', { exact: false });
    const collapsed = await message.evaluate((element) => element.getBoundingClientRect().height);
    const toggle = longCard.locator('button[aria-expanded]');
    expect(await toggle.innerText()).toBe(staffInbox.showMessage);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await toggle.innerText()).toBe(staffInbox.hideMessage);
    expect(
      await message.evaluate((element) => element.getBoundingClientRect().height),
    ).toBeGreaterThan(collapsed * 2);
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(
      await card(page, 'Client 0').getByRole('button', { name: staffInbox.showMessage }).count(),
    ).toBe(0);

    // Each request has its own link: it opens the inbox at that request, focused.
    const link = card(page, 'Client 9').getByRole('link', {
      name: staffInbox.linkLabel('Client 9'),
    });
    const href = await link.getAttribute('href');
    expect(href).toBe('/staff?request=Compact000000000009');
    await visit(page, href!);
    await card(page, 'Client 9').waitFor();
    await eventually(
      () => page.evaluate(() => document.activeElement?.id ?? ''),
      'request-Compact000000000009',
    );
    const box = await card(page, 'Client 9').boundingBox();
    expect(box && box.y >= 0 && box.y < 844).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });
});
