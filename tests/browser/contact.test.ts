import AxeBuilder from '@axe-core/playwright';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { studio } from 'remote-shared/content';
import { contactPage } from 'remote-shared/contact-content';
import {
  emulator,
  openPage,
  setUpBrowser,
  setUpShared,
  setUpSite,
  startSite,
  startSiteWithFirestoreAt,
  visit,
} from '../support/browser/site';
import { clearEmulator } from '../support/emulators/firestore';
import {
  deadPort,
  startAnswerLosingProxy,
  startSilentServer,
} from '../support/servers/unanswering-servers';
import { collections } from '../../platform/contact-request/contact-schema.cjs';
import { scaled } from '../support/time-factor';

// A browser, a federated page and the emulator: seconds per test on a busy machine.
jest.setTimeout(60_000);

const chromium = setUpBrowser();
let admin: App;
let db: Firestore;
let page: Page;
let errors: string[];
let logs: string[];

beforeAll(async () => {
  admin = initializeApp({ projectId: emulator.projectId }, 'contact-browser-test');
  db = getFirestore(admin);
});

afterAll(async () => {
  if (admin) await deleteApp(admin);
});

beforeEach(async () => {
  await clearEmulator(emulator.projectId);
  ({ page, errors } = await openPage(chromium.browser));
  logs = [];
  page.on('console', (message) => logs.push(message.text()));
});

afterEach(async () => {
  await page.context().close();
});

async function storedRequests() {
  const snapshot = await db.collection(collections.requests).get();
  return snapshot.docs.map((doc) => ({ id: doc.id, ...doc.data() }));
}

const input = (label: string) => page.getByLabel(new RegExp(`^${label}`));
const submit = () => page.getByRole('button', { name: contactPage.submit });

async function openContact() {
  await visit(page, '/contact');
  await page.getByRole('heading', { level: 1, name: contactPage.heading }).waitFor();
}

async function fill(
  values: Partial<Record<'Name' | 'Phone' | 'Email' | 'Company' | 'Message', string>>,
) {
  for (const [label, value] of Object.entries(values)) await input(label).fill(value);
}

const ada = {
  Name: 'Ada Lovelace',
  Phone: '442079460000',
  Email: 'ada@example.com',
  Company: 'Analytical Engines',
  Message: 'We would like a new website.',
};

/** Opens the contact page, fills it in as Ada and sends it. */
async function sendAsAda() {
  await openContact();
  await fill(ada);
  await submit().click();
}

describe('the contact form on the composed site', () => {
  const served = setUpSite();

  it('stores a submission, thanks the visitor and logs the new id', async () => {
    await sendAsAda();
    const dialog = page.getByRole('dialog', { name: contactPage.thankYouTitle });
    await dialog.waitFor();

    const docs = await storedRequests();
    expect(docs).toHaveLength(1);
    const [doc] = docs;
    expect(doc).toMatchObject({
      name: 'Ada Lovelace',
      phone: '442079460000',
      email: 'ada@example.com',
      company: 'Analytical Engines',
      message: 'We would like a new website.',
    });
    // The five fields, the server's time, where it was sent from (no campaign or referrer on
    // this direct visit) and how long the form took; never a verdict on spam.
    expect(Object.keys(doc!).sort()).toEqual(
      [
        'company',
        'createdAt',
        'email',
        'id',
        'message',
        'name',
        'phone',
        'page',
        'language',
        'formSeconds',
      ].sort(),
    );
    expect(doc).toMatchObject({ page: '/contact', language: 'en-US' });
    expect((doc as unknown as { createdAt: unknown }).createdAt).toBeInstanceOf(Timestamp);
    expect(logs.some((line) => line.includes(`users/${doc!.id}`))).toBe(true);

    // The fields are cleared; any click closes the popup and focus returns to Submit.
    for (const label of Object.keys(ada)) await expect(input(label).inputValue()).resolves.toBe('');
    await page.getByText(contactPage.thankYouText).click();
    await dialog.waitFor({ state: 'detached' });
    // The dialog hands focus back as it closes, a frame after it leaves the page.
    await submit().evaluate(
      (el) =>
        new Promise<void>((resolve, reject) => {
          const started = performance.now();
          const check = () => {
            if (el === document.activeElement) resolve();
            else if (performance.now() - started > 2000) reject(new Error('focus is elsewhere'));
            else requestAnimationFrame(check);
          };
          check();
        }),
    );
    expect(errors).toEqual([]);
  });

  it('downloads the firebase SDK only once the form is used, and its config beside remote-contact', async () => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await visit(page, '/', { waitUntil: 'networkidle' });
    await visit(page, '/about', { waitUntil: 'networkidle' });
    await openContact();
    await page.waitForLoadState('networkidle');
    expect(requests.filter((url) => /firebase/.test(url))).toEqual([]);

    await input('Name').focus();
    await page.waitForLoadState('networkidle');
    await fill(ada);
    await submit().click();
    await page.getByRole('dialog').waitFor();
    const firebase = requests.filter((url) => /firebase/.test(url));
    expect(firebase.some((url) => /firebase-firestore\.[0-9a-f]{8}\.js$/.test(url))).toBe(true);
    const contactOrigin = new URL(served.site.urlOf('remote-contact')).origin;
    expect(firebase).toContain(`${contactOrigin}/firebase-config.json`);
  });

  it('shows the four messages on an empty submit and writes nothing', async () => {
    await openContact();
    await submit().click();
    for (const text of [
      'Name is required',
      'Phone number is required',
      'Email is required',
      'Company is required',
    ]) {
      await page.getByText(text).waitFor();
    }
    await expect(input('Name').getAttribute('aria-invalid')).resolves.toBe('true');
    expect(await storedRequests()).toEqual([]);
  });

  it('has no serious accessibility violations with errors showing and with the popup open', async () => {
    await openContact();
    await submit().click();
    await page.getByText('Name is required').waitFor();
    const axe = () =>
      new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
    const serious = (results: Awaited<ReturnType<typeof axe>>) =>
      results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious(await axe())).toEqual([]);
    await fill(ada);
    await submit().click();
    await page.getByRole('dialog').waitFor();
    // Contrast is only meaningful once the entrance animation has finished.
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => animation.playState === 'finished'),
    );
    expect(serious(await axe())).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('stores hostile text as plain text: markup, emoji, right-to-left, spaces, pasted letters', async () => {
    await openContact();
    await page.evaluate(() => {
      (window as unknown as { pwned?: number }).pwned = 0;
    });
    await fill({
      Name: '   <script>window.pwned = 1</script> Ada 🎨   ',
      Email: '  ada.o-brien+studio@example.co.uk  ',
      Company: '<img src=x onerror="window.pwned = 2"> شركة الاختبار',
      Message: '\n  "Quoted", commas, and\nnewlines — 日本語 🚀 <svg onload="window.pwned=3">  \n',
    });
    // Letters in the phone are dropped, typed key by key or inserted at once (as a paste is);
    // the "+" that starts an international number stays.
    await input('Phone').pressSequentially('+44 (20) abc');
    await expect(input('Phone').inputValue()).resolves.toBe('+4420');
    await input('Phone').fill('tel: +44 (20) 7946-0000 ext');
    await expect(input('Phone').inputValue()).resolves.toBe('+442079460000');

    await submit().click();
    await page.getByRole('dialog').waitFor();
    const [doc] = await storedRequests();
    expect(doc).toMatchObject({
      name: '<script>window.pwned = 1</script> Ada 🎨',
      phone: '+442079460000',
      email: 'ada.o-brien+studio@example.co.uk',
      company: '<img src=x onerror="window.pwned = 2"> شركة الاختبار',
      message: '"Quoted", commas, and\nnewlines — 日本語 🚀 <svg onload="window.pwned=3">',
    });
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBe(0);
    expect(errors).toEqual([]);
  });

  it('a second request within the minute: says when another may be sent, keeps the text, stores nothing more', async () => {
    await sendAsAda();
    await page.getByRole('dialog', { name: contactPage.thankYouTitle }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const second = { ...ada, Message: 'One more thing I forgot.' };
    await fill(second);
    await submit().click();
    const alert = page.getByRole('alert').filter({ hasText: /You sent a request a moment ago/ });
    await alert.waitFor({ timeout: scaled(15_000) });
    // "… You can send another at HH:MM." with a time at most two minutes ahead.
    const time = /at (\d{1,2}):(\d{2})/.exec(await alert.innerText());
    expect(time).not.toBeNull();
    expect(await page.getByRole('dialog').count()).toBe(0);
    for (const [label, value] of Object.entries(second)) {
      await expect(input(label).inputValue()).resolves.toBe(value);
    }
    expect(await storedRequests()).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('refuses invalid emails with a message and writes nothing', async () => {
    await openContact();
    await fill(ada);
    for (const email of [
      'ada',
      'ada@example',
      'ada@@example.com',
      'a da@example.com',
      '<b>@x.com',
    ]) {
      await input('Email').fill(email);
      await submit().click();
      await page.getByText(contactPage.invalidEmail).waitFor();
    }
    expect(await storedRequests()).toEqual([]);
  });

  it('refuses a message over the limit, keeping every character typed', async () => {
    await openContact();
    await fill({ ...ada, Message: 'x'.repeat(5001) });
    await submit().click();
    await page.getByText(contactPage.tooLong(5000)).waitFor();
    expect((await input('Message').inputValue()).length).toBe(5001);
    expect(await storedRequests()).toEqual([]);
  });

  it('stores exactly one document for a double click on Submit', async () => {
    await openContact();
    await fill(ada);
    await submit().dblclick();
    await page.getByRole('dialog').waitFor();
    await page.waitForTimeout(500);
    expect(await storedRequests()).toHaveLength(1);
  });

  it('Clear empties every field and error', async () => {
    await openContact();
    await fill({ Name: 'Ada', Message: 'Hi' });
    await submit().click();
    await page.getByText('Email is required').waitFor();
    await page.getByRole('button', { name: contactPage.clear }).click();
    for (const label of Object.keys(ada)) await expect(input(label).inputValue()).resolves.toBe('');
    await expect(page.getByText('Email is required').isVisible()).resolves.toBe(false);
  });
});

describe('the contact form when Firestore cannot be reached', () => {
  // A port that nothing listens on: the visitor's write can never arrive.
  setUpSite(async () => startSiteWithFirestoreAt({ host: '127.0.0.1', port: await deadPort() }));

  it('tells the visitor, keeps what they typed and logs the error', async () => {
    await sendAsAda();
    const alert = page.getByRole('alert').filter({ hasText: contactPage.failures.unavailable });
    await alert.waitFor({ timeout: scaled(15_000) });
    await expect(
      alert.getByRole('link', { name: studio.email }).getAttribute('href'),
    ).resolves.toBe(`mailto:${studio.email}`);
    for (const [label, value] of Object.entries(ada)) {
      await expect(input(label).inputValue()).resolves.toBe(value);
    }
    await expect(submit().isEnabled()).resolves.toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(logs.some((line) => /failed/i.test(line))).toBe(true);
    expect(await storedRequests()).toEqual([]);
  });
});

describe('the contact form when Firestore never answers', () => {
  // Accepts connections and never answers: a hung network.
  const hung = setUpShared('firestore', () => startSilentServer());
  setUpSite(() => startSiteWithFirestoreAt({ host: '127.0.0.1', port: hung.firestore.port }));

  it('says it is sending, then gives up after 10 s with the data kept', async () => {
    await sendAsAda();
    const sending = page.getByRole('button', { name: contactPage.sending });
    await sending.waitFor();
    await expect(sending.isDisabled()).resolves.toBe(true);
    const started = Date.now();
    await page
      .getByRole('alert')
      .filter({ hasText: contactPage.failures.timeout })
      .waitFor({ timeout: scaled(20_000) });
    expect(Date.now() - started).toBeGreaterThan(8_000);
    await expect(input('Message').inputValue()).resolves.toBe(ada.Message);
    await expect(submit().isEnabled()).resolves.toBe(true);
    expect(await storedRequests()).toEqual([]);
  }, 30_000);
});

describe('the contact form when an answer is lost and the retry is refused', () => {
  const lossy = setUpShared('proxy', () => startAnswerLosingProxy(emulator));
  setUpSite(() => startSiteWithFirestoreAt({ host: '127.0.0.1', port: lossy.proxy.port }));

  it("confirms a request whose answer was lost only once the client's record shows it stored", async () => {
    await openContact();
    await fill(ada);
    await input('Name').focus();
    lossy.proxy.loseNextAnswer();
    await submit().click();
    await page
      .getByRole('alert')
      .filter({ hasText: contactPage.failures.timeout })
      .waitFor({ timeout: scaled(20_000) });
    // The write did land, unknown to the page: nothing thanked the visitor, the text stays.
    expect(await storedRequests()).toHaveLength(1);
    expect(await page.getByRole('dialog').count()).toBe(0);
    for (const [label, value] of Object.entries(ada)) {
      await expect(input(label).inputValue()).resolves.toBe(value);
    }
    // The retry is refused by the create-only rules; the client's own record names this
    // request, so the writer knows it is stored (earlier it could only say "unconfirmed").
    await submit().click();
    await page
      .getByRole('dialog', { name: contactPage.thankYouTitle })
      .waitFor({ timeout: scaled(15_000) });
    expect(await storedRequests()).toHaveLength(1);
    // Both attempts went to the server: the lost one and the refused retry. A browser may send a
    // commit again on a fresh connection when the one it reused was closed under it (a CI run
    // counted 3 on a busy machine), which the create-only rules refuse like the retry.
    expect(lossy.proxy.commits()).toBeGreaterThanOrEqual(2);
  }, 45_000);
});

describe('the contact form with App Check configured (as a deployment has it)', () => {
  // Off on the local stack (nothing may leave the machine); on here to test its wiring.
  const served = setUpSite(() => startSite({ appCheck: { provider: 'debug' } }));

  it('starts App Check on first use, and every write carries its token', async () => {
    const contactOrigin = new URL(served.site.urlOf('remote-contact')).origin;
    // As a deployment would configure it; the debug token stands in for a registered one.
    await page.route(`${contactOrigin}/firebase-config.json`, async (route) => {
      const response = await route.fetch();
      const config = {
        ...(await response.json()),
        appId: '1:1234567890:web:abcdef',
        appCheck: { provider: 'debug', debugToken: 'local-debug-token' },
      };
      await route.fulfill({ headers: { 'access-control-allow-origin': '*' }, json: config });
    });
    // Google's App Check endpoint, which this machine cannot reach: answer as it would.
    const exchanged: string[] = [];
    await page.route('**/*:exchangeDebugToken*', async (route) => {
      exchanged.push(route.request().postData() ?? '');
      await route.fulfill({
        headers: { 'access-control-allow-origin': '*' },
        json: { token: 'app-check-token-from-debug', ttl: '3600s' },
      });
    });
    const requests: { url: string; appCheck: string | undefined }[] = [];
    page.on('request', (request) =>
      requests.push({ url: request.url(), appCheck: request.headers()['x-firebase-appcheck'] }),
    );

    await openContact();
    await page.waitForLoadState('networkidle');
    expect(requests.filter(({ url }) => /firebase-app-check/.test(url))).toEqual([]);

    // The first interaction loads the writer, and App Check with it.
    await Promise.all([
      page.waitForRequest(/firebase-app-check\.[0-9a-f]{8}\.js$/),
      input('Name').focus(),
    ]);
    await fill(ada);
    await submit().click();
    await page.getByRole('dialog').waitFor();
    expect(exchanged.join()).toContain('local-debug-token');
    const commits = requests.filter(({ url }) => url.includes(':commit'));
    expect(commits.length).toBeGreaterThan(0);
    expect(commits.every(({ appCheck }) => appCheck === 'app-check-token-from-debug')).toBe(true);
    expect(await storedRequests()).toHaveLength(1);
  });
});
