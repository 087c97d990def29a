import { getAuth } from 'firebase-admin/auth';
import { Timestamp } from 'firebase-admin/firestore';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page, Route } from 'playwright-core';
import { staffInbox } from 'remote-shared/staff-content';
import {
  collections,
  historyKey,
  leadLimits,
} from '../../platform/contact-request/contact-schema.cjs';
import { grantStaffAccess } from '../support/browser/staff-accounts';
import { authEmulator, emulator } from '../support/browser/site';
import {
  axeViolations,
  eventually,
  setUpStaffInbox,
  staffAccounts,
} from '../support/browser/staff-inbox-harness';
import { scaled } from '../support/time-factor';

/**
 * What a staff member can trust (issue 42, points 1-4): nothing typed is cut, a conflict is
 * shown the first time, every change names an account, and a draft outlives a sign-out. Each on
 * the real inbox, against the Firestore and Auth emulators and the generated rules.
 */

// Two browsers at once, a federated page, Firebase Auth and live listeners: seconds per step.
jest.setTimeout(120_000);

const { ada, bo, cy } = staffAccounts;
const inbox = setUpStaffInbox('staff-inbox-trust-test');
const { newPage, signInAsStaff } = inbox;

const storedId = 'LeadToTrust000000001';
const name = 'Lin Okafor';

const storeRequest = (extra: Record<string, unknown> = {}) =>
  inbox.storeRequest(storedId, name, extra);
const stored = () => inbox.stored(storedId);

const noteLabel = staffInbox.actionLabel(staffInbox.lead.note, name);

/** The lead's note field, its "Note and history" opened (unless open already). */
async function openNote(page: Page) {
  const note = page.getByRole('textbox', { name: noteLabel });
  if (!(await note.isVisible())) {
    await page.locator('summary', { hasText: staffInbox.lead.more }).first().click();
  }
  return note;
}

const saveNote = (page: Page) =>
  page.getByRole('button', { name: staffInbox.actionLabel(staffInbox.lead.saveNote, name) });

/** The accessible name of what has focus ('body' when nothing has). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    return element.getAttribute('aria-label') || element.id || element.textContent || '';
  });

/** Pastes `text` into the focused field as a clipboard paste does (one insertion, as typed). */
async function paste(page: Page, field: ReturnType<Page['getByRole']>, text: string) {
  await field.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
}

describe('nothing is cut without a word', () => {
  it('a 1,087-character paste is never saved cut: the box keeps it, says how much is over, and Save refuses', async () => {
    await storeRequest({ note: 'Call back Monday.' });
    const page = await newPage();
    await signInAsStaff(page, ada);
    const note = await openNote(page);
    // Ends with a visible character: trailing spaces are trimmed before the length is counted.
    const long = `${'Budget and scope, as they wrote it. '.repeat(31).slice(0, 1086)}.`;
    expect(long).toHaveLength(1087);
    await paste(page, note, long);
    // Kept whole in the box (no maxLength cuts the end off), and said before any save.
    expect(await note.inputValue()).toBe(long);
    await page.getByText(staffInbox.lead.noteOver(87)).waitFor();
    expect(await note.getAttribute('aria-invalid')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);

    await saveNote(page).click();
    await page
      .getByRole('alert')
      .filter({ hasText: staffInbox.lead.noteTooLong(leadLimits.note, 87) })
      .waitFor();
    // Nothing stored, cut or whole; the text is still in the box.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await stored())?.note).toBe('Call back Monday.');
    expect((await stored())?.historyCount).toBeUndefined();
    expect(await note.inputValue()).toBe(long);

    // 999 letters and an emoji: 1,001 units as the rules count them, one over; kept whole.
    const withEmoji = `${'a'.repeat(999)}🎨`;
    await paste(page, note, withEmoji);
    expect(await note.inputValue()).toBe(withEmoji);
    await page.getByText(staffInbox.lead.noteOver(1)).waitFor();

    // Within the limit (998 letters and the emoji), it is saved whole.
    const fits = `${'a'.repeat(998)}🎨`;
    await paste(page, note, fits);
    await page.getByText(staffInbox.lead.noteLength(1000, leadLimits.note)).waitFor();
    await saveNote(page).click();
    await page.getByText(staffInbox.lead.noteSavedCleaned(0)).waitFor();
    await eventually(async () => (await stored())?.note, fits);
  });
});

describe('a conflict is told the first time', () => {
  it('two saves at the same moment: the slower is shown the conflict on its first try, focus on its first choice', async () => {
    await storeRequest({ note: 'Old note' });
    const first = await newPage();
    const second = await newPage();
    await signInAsStaff(first, ada);
    await signInAsStaff(second, bo);
    const adaNote = await openNote(first);
    const boNote = await openNote(second);
    await adaNote.fill('Ada: they want a shop');
    await boNote.fill('Bo: they want a blog');

    // Both saves read the lead as it was; Bo's commit is held until Ada's is stored, so Bo's
    // arrives second, on data that has changed (what two clicks at one moment come to). Bo
    // clicks first: clicked together, Bo's page could hear of Ada's note before its own click
    // sent anything, and the race would be the browser's, not the one this test is about.
    let held: Route | null = null;
    await second.route('**/documents:commit*', async (route) => {
      if (held === null) {
        held = route;
        return;
      }
      await route.continue();
    });
    await saveNote(second).click();
    await eventually(async () => held !== null, true);
    await saveNote(first).click();
    await eventually(async () => (await stored())?.note, 'Ada: they want a shop');
    await held!.continue();

    // One click: the conflict, with Ada's note and name, never the generic failure.
    await second
      .getByRole('alert')
      .filter({ hasText: staffInbox.lead.noteConflict(ada.email) })
      .waitFor({ timeout: scaled(20_000) });
    expect(await second.getByText(staffInbox.lead.noteFailed).count()).toBe(0);
    await second.getByText('Ada: they want a shop', { exact: true }).waitFor();
    expect((await stored())?.note).toBe('Ada: they want a shop');
    expect(await boNote.inputValue()).toBe('Bo: they want a blog');
    // The Save button it was on is gone: focus is on the conflict's first choice.
    await eventually(() => focused(second), staffInbox.actionLabel(staffInbox.lead.keepMine, name));
    expect(await axeViolations(second)).toEqual([]);
  });
});

describe('every change names an account', () => {
  it('an unverified account\'s change is shown under its roster name, never its claimed address or "Someone"', async () => {
    await storeRequest();
    const director = 'studio.director@firstday.studio';
    const user = await getAuth(inbox.admin).getUserByEmail(bo.email);
    // Bo changes their sign-in address to the director's; the provider has not verified it.
    await getAuth(inbox.admin).updateUser(user.uid, { email: director, emailVerified: false });
    try {
      const page = await newPage();
      await signInAsStaff(page, { email: director, password: bo.password });
      const note = await openNote(page);
      await note.fill('Approved by the director');
      await saveNote(page).click();
      await page.getByText(staffInbox.lead.noteSavedCleaned(0)).waitFor();
      const entry = ((await stored())?.history as Record<string, { by: string; uid: string }>)[
        historyKey(0)
      ];
      // The address the roster was granted under: bo's, not the one claimed.
      expect(entry).toMatchObject({ by: bo.email, uid: user.uid });
      await page.getByText(staffInbox.lead.change(bo.email, 'note', 'x')).waitFor();
      expect(
        await page
          .locator('main')
          .getByText(/Someone/)
          .count(),
      ).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await getAuth(inbox.admin).updateUser(user.uid, { email: bo.email, emailVerified: true });
    }
  });
});

describe('a draft outlives a sign-out', () => {
  const run = promisify(execFile);

  it('revoked mid-edit: the draft is offered back after signing in again on the device, and never to another account', async () => {
    await storeRequest({ note: 'Old note' });
    const page = await newPage();
    await signInAsStaff(page, cy);
    const note = await openNote(page);
    await note.fill('Cy: half-typed thoughts on the budget');

    await run(process.execPath, [
      path.join(__dirname, '../../tools/staff/staff.mjs'),
      'revoke',
      cy.email,
      '--emulator',
      `${authEmulator.host}:${authEmulator.port}`,
      '--firestore-emulator',
      `${emulator.host}:${emulator.port}`,
      '--project',
      emulator.projectId,
    ]);
    await page.getByText(staffInbox.revoked).waitFor({ timeout: scaled(10_000) });

    // Another account on the same device: offered nothing, and nothing saved under it.
    await signInAsStaff(page, bo);
    await page.getByRole('heading', { level: 3, name }).waitFor();
    expect(
      await page
        .getByRole('button', { name: staffInbox.actionLabel(staffInbox.lead.restoreDraft, name) })
        .count(),
    ).toBe(0);
    expect(await (await openNote(page)).inputValue()).toBe('Old note');
    await page.getByRole('button', { name: staffInbox.signOut }).click();
    await page.getByLabel(staffInbox.signIn.email).waitFor();

    // Cy's access is granted again; signing in on the same device offers the draft back.
    const user = await getAuth(inbox.admin).getUserByEmail(cy.email);
    await getAuth(inbox.admin).setCustomUserClaims(user.uid, { staff: true });
    await grantStaffAccess(cy.email);
    await signInAsStaff(page, cy);
    const restore = page.getByRole('button', {
      name: staffInbox.actionLabel(staffInbox.lead.restoreDraft, name),
    });
    await restore.waitFor();
    await page.getByText(staffInbox.lead.draftKept).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await restore.click();
    expect(await page.getByRole('textbox', { name: noteLabel }).inputValue()).toBe(
      'Cy: half-typed thoughts on the budget',
    );
    await saveNote(page).click();
    await eventually(async () => (await stored())?.note, 'Cy: half-typed thoughts on the budget');
    const history = (await stored())?.history as Record<string, { by: string }>;
    expect(Object.values(history).map((entry) => entry.by)).toEqual([cy.email]);
  });
});

describe('what staff still missed', () => {
  const other = 'LeadToTrust000000002';
  const third = 'LeadToTrust000000003';
  async function storeThree() {
    await storeRequest();
    for (const [id, who, minutes] of [
      [other, 'Mo Reyes', 2],
      [third, 'Ida Chen', 3],
    ] as const) {
      await inbox.db
        .collection(collections.requests)
        .doc(id)
        .set({
          name: who,
          phone: '+442079460000',
          email: `${who.split(' ')[0]!.toLowerCase()}@example.com`,
          company: 'Studio',
          message: 'A site, please.',
          createdAt: Timestamp.fromMillis(Date.now() - minutes * 60_000),
        });
    }
  }

  it('marks a request spam with a reason, says so with an undo, records it, and undoes it', async () => {
    await storeThree();
    const page = await newPage();
    await signInAsStaff(page, ada);
    const mark = page.getByRole('combobox', {
      name: staffInbox.actionLabel(staffInbox.spam.mark, name),
    });
    await mark.selectOption('staff-advertising');
    const reason = staffInbox.spam.markReasons['staff-advertising']!;
    await page.getByText(staffInbox.spam.marked(name, reason)).waitFor();
    await eventually(async () => (await stored())?.spam, true);
    const data = await stored();
    expect(data?.spamReasons).toEqual(['staff-advertising']);
    expect((data?.history as Record<string, unknown>)[historyKey(0)]).toMatchObject({
      by: ada.email,
      field: 'spam',
      to: 'staff-advertising',
    });
    // It left All; the undo has focus.
    await page.getByRole('heading', { level: 3, name }).waitFor({ state: 'detached' });
    const undo = page.getByRole('button', { name: staffInbox.undoLabel(name) });
    await eventually(async () => undo.evaluate((el) => el === document.activeElement), true);
    expect(await axeViolations(page)).toEqual([]);
    await undo.click();
    await eventually(async () => (await stored())?.spam, false);
    await page.getByRole('heading', { level: 3, name }).waitFor();
    expect((await stored())?.historyCount).toBe(2);
  });

  it('bulk: status, owner and delete on the selected requests, each after one confirmation', async () => {
    await storeThree();
    await inbox.db.doc(`staffMembers/${bo.email}`).set({ seenAt: Timestamp.now() });
    const page = await newPage({ width: 390, height: 844 });
    await signInAsStaff(page, ada);
    const pick = (who: string) =>
      page.getByRole('checkbox', { name: staffInbox.actionLabel(staffInbox.bulk.select, who) });
    await pick(name).check();
    await pick('Mo Reyes').check();
    await page.getByText(staffInbox.bulk.selected(2)).waitFor();

    await page.getByRole('combobox', { name: staffInbox.bulk.setStatus }).selectOption('in-talks');
    const dialog = page.getByRole('dialog', { name: staffInbox.bulk.confirmTitle(2) });
    await dialog
      .getByText(staffInbox.bulk.confirmStatus(2, staffInbox.status['in-talks']))
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: staffInbox.bulk.confirm }).click();
    await page.getByText(staffInbox.bulk.done(2, 0)).waitFor();
    const status = async (id: string) =>
      (await inbox.db.collection(collections.requests).doc(id).get()).get('status') as unknown;
    expect([await status(storedId), await status(other), await status(third)]).toEqual([
      'in-talks',
      'in-talks',
      undefined,
    ]);

    await pick(name).check();
    await pick('Ida Chen').check();
    await page.getByRole('combobox', { name: staffInbox.bulk.setOwner }).selectOption(bo.email);
    await page.getByRole('dialog').getByRole('button', { name: staffInbox.bulk.confirm }).click();
    const owner = async (id: string) =>
      (await inbox.db.collection(collections.requests).doc(id).get()).get('owner') as unknown;
    await eventually(async () => [await owner(storedId), await owner(third)], [bo.email, bo.email]);

    // Delete: Escape keeps them; confirmed, both go.
    await pick('Mo Reyes').check();
    await page.getByText(staffInbox.bulk.selected(1)).waitFor();
    await pick('Ida Chen').check();
    await page.getByRole('button', { name: staffInbox.bulk.delete }).click();
    const ask = page.getByRole('dialog', { name: staffInbox.bulk.confirmTitle(2) });
    await ask.getByText(staffInbox.bulk.confirmDelete(2)).waitFor();
    await page.keyboard.press('Escape');
    await ask.waitFor({ state: 'hidden' });
    expect((await inbox.db.collection(collections.requests).doc(other).get()).exists).toBe(true);
    await page.getByRole('button', { name: staffInbox.bulk.delete }).click();
    await ask.getByRole('button', { name: staffInbox.bulk.confirm }).click();
    await eventually(
      async () => (await inbox.db.collection(collections.requests).doc(third).get()).exists,
      false,
    );
    expect((await inbox.db.collection(collections.requests).doc(other).get()).exists).toBe(false);
    expect(await page.locator('main article h3').allInnerTexts()).toEqual([name]);
  });

  it('a search says how many requests match it', async () => {
    await storeThree();
    const page = await newPage();
    await signInAsStaff(page, ada);
    await page.getByRole('searchbox', { name: staffInbox.tools.search }).fill('studio');
    await page.getByText(staffInbox.results(3, 3), { exact: true }).waitFor();
    await page.getByRole('searchbox', { name: staffInbox.tools.search }).fill('reyes');
    await page.getByText(staffInbox.results(1, 1), { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});
