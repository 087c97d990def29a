import { getAuth } from 'firebase-admin/auth';
import { Timestamp } from 'firebase-admin/firestore';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { contactPage } from 'remote-shared/contact-content';
import { staffInbox } from 'remote-shared/staff-content';
import {
  collections,
  historyArchive,
  historyKey,
} from '../../platform/contact-request/contact-schema.cjs';
import { idTokenOf } from '../support/browser/staff-accounts';
import { authEmulator, emulator, visit } from '../support/browser/site';
import {
  axeViolations,
  eventually,
  setUpStaffInbox,
  staffAccounts,
} from '../support/browser/staff-inbox-harness';
import { scaled } from '../support/time-factor';

/**
 * Staff never lose work (issue 32): a note pasted with direction marks, two staff on one note,
 * a lead with a long history, a revoked account's open inbox, an unverified address. Each on the
 * real inbox, against the Firestore and Auth emulators and the generated rules.
 */

// Two browsers at once, a federated page, Firebase Auth and live listeners: seconds per step.
jest.setTimeout(120_000);

const { ada, bo, cy } = staffAccounts;
const inbox = setUpStaffInbox('staff-inbox-work-test', { acceptDownloads: true });
const { newPage, signInAsStaff } = inbox;

const storedId = 'LeadWithAHistory0001';
const name = 'Lin Okafor';

const storeRequest = (extra: Record<string, unknown> = {}, id = storedId) =>
  inbox.storeRequest(id, name, extra);
const stored = (id = storedId) => inbox.stored(id);

/** The lead's note field, its "Note and history" opened. */
async function openNote(page: Page) {
  await page.locator('summary', { hasText: staffInbox.lead.more }).first().click();
  return page.getByRole('textbox', { name: staffInbox.actionLabel(staffInbox.lead.note, name) });
}

const saveNote = (page: Page) =>
  page.getByRole('button', { name: staffInbox.actionLabel(staffInbox.lead.saveNote, name) });

describe('typed work is never lost', () => {
  it('a note pasted with direction marks and a zero-width space is saved clean, and says what was removed', async () => {
    await storeRequest();
    const page = await newPage();
    await signInAsStaff(page, ada);
    const note = await openNote(page);
    // As a messaging app pastes a phone number: wrapped in LRE … PDF, and a trailing ZWSP.
    const pasted = 'Call \u202a+44 7700 900123\u202c after 5\u200b';
    await note.fill(pasted);
    await saveNote(page).click();
    await page.getByText(staffInbox.lead.noteSavedCleaned(3)).waitFor();
    await eventually(async () => (await stored())?.note, 'Call +44 7700 900123 after 5');
    // Never emptied: the box holds the note as saved.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await note.inputValue()).toBe('Call +44 7700 900123 after 5');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('a save that fails keeps the text in the box with a message saying so', async () => {
    await storeRequest();
    const page = await newPage();
    await signInAsStaff(page, ada);
    const note = await openNote(page);
    // Every commit of this tab fails on the way (a dropped connection).
    await page.route('**/documents:commit*', (route) => route.abort('connectionfailed'));
    await note.fill('Budget confirmed: 20k');
    await saveNote(page).click();
    await page
      .getByRole('alert')
      .filter({ hasText: staffInbox.lead.noteFailed })
      .waitFor({ timeout: scaled(60_000) });
    expect(await note.inputValue()).toBe('Budget confirmed: 20k');
    expect((await stored())?.note).toBeUndefined();
    // Back online, the same text is saved.
    await page.unroute('**/documents:commit*');
    await saveNote(page).click();
    await eventually(async () => (await stored())?.note, 'Budget confirmed: 20k');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('two staff edit one note: the second to save is told, sees the other note and chooses', async () => {
    await storeRequest({ note: 'Old note' });
    const first = await newPage();
    const second = await newPage();
    await signInAsStaff(first, ada);
    await signInAsStaff(second, bo);
    const adaNote = await openNote(first);
    const boNote = await openNote(second);
    await adaNote.fill('Ada: they want a shop');
    await boNote.fill('Bo: they want a blog');
    await saveNote(first).click();
    await eventually(async () => (await stored())?.note, 'Ada: they want a shop');

    await saveNote(second).click();
    await second
      .getByRole('alert')
      .filter({ hasText: staffInbox.lead.noteConflict(ada.email) })
      .waitFor();
    await second.getByText('Ada: they want a shop', { exact: true }).waitFor();
    // Nothing was replaced, and Bo's text is still in the box.
    expect((await stored())?.note).toBe('Ada: they want a shop');
    expect(await boNote.inputValue()).toBe('Bo: they want a blog');
    expect(await axeViolations(second)).toEqual([]);

    // Bo chooses to keep theirs: now it replaces Ada's, knowingly.
    await second
      .getByRole('button', { name: staffInbox.actionLabel(staffInbox.lead.keepMine, name) })
      .click();
    await eventually(async () => (await stored())?.note, 'Bo: they want a blog');
    await first
      .getByText(staffInbox.lead.change(bo.email, 'note', 'x'))
      .first()
      .waitFor();
    expect(await adaNote.inputValue()).toBe('Bo: they want a blog');
  });
});

describe('no lead freezes', () => {
  /** A history map of `count` status changes, as staff (the same two) would have left it. */
  function historyOf(count: number) {
    return Object.fromEntries(
      Array.from({ length: count }, (_, n) => [
        historyKey(n),
        {
          at: Timestamp.fromMillis(Date.now() - (count - n) * 60_000),
          by: n % 2 ? ada.email : bo.email,
          field: 'status',
          to: n % 2 ? 'in-talks' : 'replied',
        },
      ]),
    );
  }

  it('a lead with 250 changes still takes a status change; its whole history is exported', async () => {
    // 200 changes: where the rules used to stop every change of a lead for good.
    await storeRequest({ status: 'in-talks', history: historyOf(200) });
    const page = await newPage();
    await signInAsStaff(page, ada);
    const status = page.getByRole('combobox', {
      name: staffInbox.actionLabel(staffInbox.lead.status, name),
    });
    // 50 more through the inbox, then one more: 251 changes.
    for (let n = 200; n <= 250; n += 1) {
      const to = n % 2 ? 'in-talks' : 'replied';
      // A change made while the last one is still saving is ignored (the select says aria-busy).
      await eventually(() => status.getAttribute('aria-busy'), 'false');
      await status.selectOption(to);
      await eventually(async () => (await stored())?.historyCount, n + 1, 15_000);
    }
    const data = await stored();
    expect(data?.status).toBe('replied');
    // Bounded: the document holds no more entries than before; the rest moved, unchanged.
    expect(Object.keys(data?.history as object).length).toBeLessThanOrEqual(200);
    const archived = await inbox.db
      .collection(collections.requests)
      .doc(storedId)
      .collection(historyArchive)
      .count()
      .get();
    expect(archived.data().count + Object.keys(data?.history as object).length).toBe(251);
    // The history is drawn once "Note and history" is opened.
    await openNote(page);
    await page
      .getByText(staffInbox.lead.olderHistory(archived.data().count))
      .waitFor({ state: 'attached' });

    // The JSON export holds every one of the 251 changes, as an array, and spam as a boolean.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: staffInbox.tools.exportJson }).click();
    const file = await (await download).path();
    const [record] = JSON.parse(fs.readFileSync(file, 'utf8')) as Array<{
      history: Array<{ by: string; uid: string; field: string; to: string }>;
      spam: unknown;
    }>;
    expect(record?.history).toHaveLength(251);
    expect(record?.history.at(-1)).toMatchObject({ by: ada.email, field: 'status', to: 'replied' });
    expect(record?.spam).toBe(false);
  });
});

describe('revocation and who a change is by', () => {
  const run = promisify(execFile);

  it('a revoked staff member: the open inbox signs out within 10 s, and their writes are refused', async () => {
    await storeRequest();
    const page = await newPage();
    await signInAsStaff(page, cy);
    await page.getByRole('heading', { level: 3, name }).waitFor();
    const token = await idTokenOf(cy.email, cy.password);

    const started = Date.now();
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
    const signedOutAfter = Date.now() - started;
    expect(signedOutAfter).toBeLessThan(10_000);
    await page.getByLabel(staffInbox.signIn.email).waitFor();
    expect(await page.locator('main article').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // The ID token it held is still valid (it still says staff): the rules refuse it anyway.
    const documents = `http://${emulator.host}:${emulator.port}/v1/projects/${emulator.projectId}/databases/(default)/documents`;
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    expect((await fetch(`${documents}/users/${storedId}`, { headers })).status).toBe(403);
    const write = await fetch(`${documents}/users/${storedId}?updateMask.fieldPaths=status`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ fields: { status: { stringValue: 'won' } } }),
    });
    expect(write.status).toBe(403);
    expect((await stored())?.status).toBeUndefined();
    console.log(`Revoked inbox signed out after ${signedOutAfter} ms`);
  });

  it('an account whose email is not verified cannot author history under that email', async () => {
    await storeRequest();
    // Bo changes their own sign-in address to the director's; the provider has not verified it.
    const director = 'studio.director@firstday.studio';
    const user = await getAuth(inbox.admin).getUserByEmail(bo.email);
    await getAuth(inbox.admin).updateUser(user.uid, { email: director, emailVerified: false });
    try {
      const page = await newPage();
      await signInAsStaff(page, { email: director, password: bo.password });
      const note = await openNote(page);
      await note.fill('Approved by the director');
      await saveNote(page).click();
      await page.getByText(staffInbox.lead.noteSavedCleaned(0)).waitFor();
      const data = await stored();
      const entry = (data?.history as Record<string, { by: string; uid: string }>)[historyKey(0)];
      // Recorded under the account and its roster name, never under the address it claims.
      expect(entry).toMatchObject({ by: bo.email, uid: user.uid });
      await page.getByText(staffInbox.lead.change(bo.email, 'note', 'x')).waitFor();
      // Not on the owner list either.
      expect((await inbox.db.doc(`staffMembers/${director}`).get()).exists).toBe(false);
      const owners = await page
        .getByRole('combobox', { name: staffInbox.actionLabel(staffInbox.lead.owner, name) })
        .locator('option')
        .allTextContents();
      expect(owners).not.toContain(director);

      // Written past the inbox, under the address: refused by the rules.
      const token = await idTokenOf(director, bo.password);
      const documents = `projects/${emulator.projectId}/databases/(default)/documents`;
      const commit = await fetch(
        `http://${emulator.host}:${emulator.port}/v1/${documents}:commit`,
        {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            writes: [
              {
                update: {
                  name: `${documents}/users/${storedId}`,
                  fields: {
                    note: { stringValue: 'Signed, the director' },
                    historyCount: { integerValue: '2' },
                    history: {
                      mapValue: {
                        fields: {
                          [historyKey(1)]: {
                            mapValue: {
                              fields: {
                                by: { stringValue: director },
                                uid: { stringValue: user.uid },
                                field: { stringValue: 'note' },
                                to: { stringValue: 'Signed, the director' },
                              },
                            },
                          },
                        },
                      },
                    },
                  },
                },
                updateMask: {
                  fieldPaths: ['note', 'historyCount', `history.${historyKey(1)}`],
                },
                updateTransforms: [
                  {
                    fieldPath: `history.${historyKey(1)}.at`,
                    setToServerValue: 'REQUEST_TIME',
                  },
                ],
              },
            ],
          }),
        },
      );
      expect(commit.status).toBe(403);
      expect((await stored())?.note).toBe('Approved by the director');
    } finally {
      await getAuth(inbox.admin).updateUser(user.uid, { email: bo.email, emailVerified: true });
    }
  });
});

describe('the smaller defects', () => {
  /** What has focus: its id, else its accessible label, else its text. */
  const focused = (page: Page) =>
    page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return 'body';
      return element.id || element.getAttribute('aria-label') || element.textContent || '';
    });

  it('rescuing the last suspected spam: focus goes to the list heading and the move is said', async () => {
    await storeRequest({ spam: true, spamScore: 3, spamReasons: ['links'] });
    const page = await newPage();
    await signInAsStaff(page, ada);
    await page
      .getByRole('radio', { name: new RegExp(`^${staffInbox.tools.filters.spam}`) })
      .check();
    await page
      .getByRole('button', { name: staffInbox.actionLabel(staffInbox.spam.notSpam, name) })
      .click();
    await page.getByTestId('action-notice').getByText(staffInbox.spam.rescued(name)).waitFor();
    await eventually(() => focused(page), 'inbox-list-heading');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('a phone keeps its "+" from the form, search finds it, and All agrees with the count line', async () => {
    const visitorPage = await newPage();
    await visit(visitorPage, '/contact');
    await visitorPage.getByLabel(/^Name/).fill('Pat Phone');
    await visitorPage.getByLabel(/^Phone/).fill('+44 20 7946 0958');
    await visitorPage.getByLabel(/^Email/).fill('pat@example.com');
    await visitorPage.getByLabel(/^Company/).fill('Phone Co');
    await visitorPage.getByLabel(/^Message/).fill('Call me.');
    await visitorPage.getByRole('button', { name: contactPage.submit }).click();
    await eventually(
      async () =>
        (
          await inbox.db.collection(collections.requests).where('name', '==', 'Pat Phone').get()
        ).docs[0]?.get('phone'),
      '+442079460958',
    );
    // And one suspected spam, which All leaves out.
    await storeRequest({ spam: true, spamScore: 3, spamReasons: ['links'] });

    const page = await newPage();
    await signInAsStaff(page, ada);
    await page.getByText('+442079460958').waitFor();
    await page.getByText(`${staffInbox.count(1, 1)} ${staffInbox.spamApart(1)}`).waitFor();
    await page
      .getByRole('radio', { name: staffInbox.tools.filterCount(staffInbox.tools.filters.all, 1) })
      .waitFor();
    await page.getByRole('searchbox', { name: staffInbox.tools.search }).fill('+4420794');
    await page.getByRole('heading', { level: 3, name: 'Pat Phone' }).waitFor();
    expect(await page.locator('main article').count()).toBe(1);
  });

  it('at 390x844 and 1440x900: named controls, nothing cut, Tab order as seen; axe clean', async () => {
    await storeRequest({
      owner: ada.email,
      note: 'Call back Monday.',
      message: 'A long brief. '.repeat(20),
    });
    await inbox.db.doc(`staffMembers/${ada.email}`).set({ seenAt: Timestamp.now() });
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1440, height: 900 },
    ]) {
      const page = await newPage(viewport);
      await signInAsStaff(page, ada);
      const card = page.locator('main article').first();
      // Controls that name their request.
      await card
        .getByRole('button', { name: staffInbox.actionLabel(staffInbox.showMessage, name) })
        .waitFor();
      const summary = card.locator('summary');
      expect(await summary.getAttribute('aria-label')).toBe(
        staffInbox.actionLabel(`${staffInbox.lead.more} · ${staffInbox.lead.note}`, name),
      );

      // The owner's address and the search's placeholder fit their fields.
      const fits = await page.evaluate(
        ({ owner }) => {
          const textWidth = (element: Element, text: string) => {
            const canvas = document.createElement('canvas').getContext('2d')!;
            canvas.font = getComputedStyle(element).font;
            return canvas.measureText(text).width;
          };
          const select = document.querySelector<HTMLSelectElement>('select[id$="-owner"]')!;
          const search = document.querySelector<HTMLInputElement>('#inbox-search')!;
          const room = (element: HTMLElement, arrow: number) => {
            const style = getComputedStyle(element);
            return (
              element.clientWidth -
              parseFloat(style.paddingLeft) -
              parseFloat(style.paddingRight) -
              arrow
            );
          };
          return {
            owner: textWidth(select, owner) <= room(select, 20),
            placeholder: textWidth(search, search.placeholder) <= room(search, 0),
          };
        },
        { owner: ada.email },
      );
      expect({ viewport, ...fits }).toEqual({ viewport, owner: true, placeholder: true });

      // Tab order follows what is seen: each next control of the card is not above the last.
      await summary.click();
      const tops = await card.evaluate((article) =>
        [
          ...article.querySelectorAll<HTMLElement>(
            'a[href], button, select, textarea, summary, input',
          ),
        ]
          .filter((element) => element.offsetParent !== null && element.tabIndex >= 0)
          // The lead's controls: from its status select on (the row under the message).
          .filter(
            (element, index, all) =>
              index >= all.findIndex((candidate) => candidate.tagName === 'SELECT'),
          )
          .map((element) => ({
            name: element.getAttribute('aria-label') ?? element.textContent ?? '',
            top: Math.round(element.getBoundingClientRect().top),
          })),
      );
      for (let n = 1; n < tops.length; n += 1) {
        expect({
          after: tops[n - 1]!.name,
          control: tops[n]!.name,
          above: tops[n]!.top < tops[n - 1]!.top - 4,
        }).toEqual({
          after: tops[n - 1]!.name,
          control: tops[n]!.name,
          above: false,
        });
      }
      expect(await axeViolations(page)).toEqual([]);
      if (process.env.SCREENSHOT_DIR) {
        await page.screenshot({
          path: `${process.env.SCREENSHOT_DIR}/inbox-${viewport.width}x${viewport.height}.png`,
        });
      }
    }
  });
});
