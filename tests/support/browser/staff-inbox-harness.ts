import AxeBuilder from '@axe-core/playwright';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { staffInbox } from 'remote-shared/staff-content';
import { collections } from '../../../platform/contact-request/contact-schema.cjs';
import { clearEmulator } from '../emulators/firestore';
import { scaled } from '../time-factor';
import { clearAccounts, createAccount, grantStaffAccess } from './staff-accounts';
import { emulator, openPage, setUpSiteAndBrowser, visit } from './site';

/** Three staff accounts, verified and on the roster before every test. */
export const staffAccounts = {
  ada: { email: 'ada@firstday.studio', password: 'staff-password-1' },
  bo: { email: 'bo@firstday.studio', password: 'staff-password-2' },
  cy: { email: 'cy@firstday.studio', password: 'staff-password-3' },
};

type Account = { email: string; password: string };

/**
 * The real inbox over the composed site, for a test file about one stored lead: the site and a
 * browser, an admin client of the emulator (`appName` must be unique per file), the emulator
 * cleared and the roster granted before each test, and every page opened closed after it with
 * no console error.
 */
export function setUpStaffInbox(appName: string, options: { acceptDownloads?: boolean } = {}) {
  const ctx = setUpSiteAndBrowser();
  let admin: App | undefined;
  let db: Firestore | undefined;
  const pagesOpened: Array<{ page: Page; errors: string[] }> = [];
  const accounts = Object.values(staffAccounts);

  beforeAll(async () => {
    admin = initializeApp({ projectId: emulator.projectId }, appName);
    db = getFirestore(admin);
    await clearAccounts();
    for (const account of accounts) await createAccount(account.email, account.password, true);
  });
  afterAll(async () => {
    if (admin) await deleteApp(admin);
  });
  beforeEach(async () => {
    await clearEmulator(emulator.projectId);
    await grantStaffAccess(...accounts.map((account) => account.email));
  });
  afterEach(async () => {
    for (const { page, errors } of pagesOpened.splice(0)) {
      await page.context().close();
      expect(errors).toEqual([]);
    }
  });

  const database = (): Firestore => {
    if (!db) throw new Error('The admin client starts in beforeAll');
    return db;
  };

  return {
    ctx,
    /** The emulator's admin client (from beforeAll on). */
    get db(): Firestore {
      return database();
    },
    /** The admin app, for Auth (from beforeAll on). */
    get admin(): App {
      if (!admin) throw new Error('The admin app starts in beforeAll');
      return admin;
    },
    async newPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
      const opened = await openPage(ctx.browser, { viewport, ...options });
      pagesOpened.push(opened);
      return opened.page;
    },
    async signInAsStaff(page: Page, account: Account): Promise<void> {
      await visit(page, '/staff');
      await page.getByLabel(staffInbox.signIn.email).fill(account.email);
      await page.getByLabel(staffInbox.signIn.password).fill(account.password);
      await page.getByRole('button', { name: staffInbox.signIn.submit, exact: true }).click();
      await page.getByRole('searchbox', { name: staffInbox.tools.search }).waitFor();
    },
    /** Stores one lead by `id`, a minute old, with `extra` fields over the plain ones. */
    async storeRequest(id: string, name: string, extra: Record<string, unknown> = {}) {
      await database()
        .collection(collections.requests)
        .doc(id)
        .set({
          name,
          phone: '+442079460958',
          email: 'lin@example.com',
          company: 'Okafor Studio',
          message: 'We need a new site.',
          createdAt: Timestamp.fromMillis(Date.now() - 60_000),
          ...extra,
        });
    },
    stored: async (id: string) =>
      (await database().collection(collections.requests).doc(id).get()).data(),
  };
}

/** Waits until `read()` equals `expected`, for `timeoutMs` on an idle machine (scaled). */
export async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 10_000) {
  const deadline = Date.now() + scaled(timeoutMs);
  for (;;) {
    const value = await read();
    try {
      expect(value).toEqual(expected);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What axe finds wrong inside the page's main landmark, one line per violation. */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include('main').analyze();
  return result.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}
