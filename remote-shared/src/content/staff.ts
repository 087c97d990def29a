/** Texts of the staff inbox (/staff), where the studio reads and answers contact requests. */

/** A lead's pipeline, in order. */
export type RequestStatus = 'new' | 'replied' | 'in-talks' | 'won' | 'lost';

/** The inbox's views: every status, or the suspected spam kept apart. */
export type StatusFilter = 'all' | RequestStatus | 'spam';

/** Every number the inbox shows, in one format: "4,962". */
const formatCount = (count: number): string => count.toLocaleString('en-GB');

export const staffInbox = {
  heading: 'Staff inbox',
  eyebrow: 'First Day Studio staff',
  checking: 'Checking your sign-in…',
  signIn: {
    heading: 'Sign in',
    intro: 'Sign in with your studio account to read project requests.',
    email: 'Email',
    password: 'Password',
    submit: 'Sign in',
    submitting: 'Signing in…',
    google: 'Sign in with Google',
    or: 'or',
    failures: {
      credentials: 'That email and password do not match a studio account.',
      tooManyAttempts: 'Too many attempts. Wait a moment, then try again.',
      network: 'Could not reach the sign-in service. Check your connection and try again.',
      popup: 'The Google sign-in window was closed before it finished.',
      other: 'Signing in did not work. Try again.',
    },
  },
  refused: {
    heading: 'Not a staff account',
    text: (email: string): string =>
      `You are signed in as ${email}, which is not a staff account, so the inbox stays closed. Sign out and sign in with your studio account, or ask a studio admin to give this account staff access.`,
  },
  /** After `npm run staff -- revoke` took this account off the roster: the open inbox closed. */
  revoked:
    'Your staff access has ended, so you were signed out. If that is a mistake, ask a studio admin to grant it again.',
  signedInAs: (email: string): string => `Signed in as ${email}`,
  signOut: 'Sign out',
  unavailable: 'The inbox cannot be loaded right now. Check your connection, then reload the page.',
  listFailed: 'The requests could not be read. Reload the page; if it persists, sign in again.',
  tools: {
    label: 'Find and export requests',
    search: 'Search',
    searchHint: 'Name, company, email, phone, message, note, owner or where it came from',
    /** Shown in the search field (the whole hint is said with it). */
    searchPlaceholder: 'Name, email, message…',
    filter: 'Show',
    campaign: 'Campaign',
    anyCampaign: 'Any campaign',
    noCampaign: 'No campaign',
    filters: {
      all: 'All',
      new: 'New',
      replied: 'Replied',
      'in-talks': 'In talks',
      won: 'Won',
      lost: 'Lost',
      spam: 'Spam',
    } satisfies Record<StatusFilter, string>,
    /** A view's label with how many requests it holds: "New (3)". */
    filterCount: (label: string, count: number): string => `${label} (${formatCount(count)})`,
    exportCsv: 'Export CSV',
    exportJson: 'Export JSON',
    exportNote: 'Exports the requests shown.',
    /** On a phone, the button that shows the views, the campaign and the exports. */
    more: (view: string): string => `Filters: ${view}`,
  },
  listLabel: 'Requests, newest first',
  loading: 'Loading requests…',
  empty: 'No requests yet.',
  noMatches: 'No requests match this search and filter.',
  /** While only the newest pages are loaded: "Newest 50 of 5,000 requests". */
  newest: (shown: number, total: number): string =>
    `Newest ${formatCount(shown)} of ${formatCount(total)} request${total === 1 ? '' : 's'}`,
  /** After the count: the suspected spam that no other view shows. */
  spamApart: (count: number): string => `(${formatCount(count)} suspected spam in Spam)`,
  /** Below the list while older requests are not loaded. */
  loadMore: (count: number): string => `Load ${formatCount(count)} older requests`,
  /** "3 of 12 requests shown". */
  count: (shown: number, total: number): string =>
    shown === total
      ? `${formatCount(total)} request${total === 1 ? '' : 's'}`
      : `${formatCount(shown)} of ${formatCount(total)} request${total === 1 ? '' : 's'} shown`,
  /** A search or a campaign chosen: how many requests match it ("12 match; 12 shown"). */
  results: (shown: number, total: number): string =>
    total === 0
      ? 'No requests match'
      : `${formatCount(total)} request${total === 1 ? ' matches' : 's match'}${shown === total ? '' : `; the newest ${formatCount(shown)} shown`}`,
  /**
   * What a search looked at without loading every request: the stored fields that start with a
   * searched word, and every field of the requests already loaded.
   */
  searchCovers: (loaded: number): string =>
    `Searched: names, emails, companies and phone numbers starting with your words, and everything in the newest ${formatCount(loaded)} request${loaded === 1 ? '' : 's'}.`,
  /** While the stored fields are being asked. */
  searching: 'Searching names, emails, companies and phone numbers of all requests…',
  /** The full pass, a step of its own: every request is downloaded and searched in full. */
  searchEverything: (total: number | null): string =>
    total === null
      ? 'Search messages too (loads every request)'
      : `Search messages too (loads all ${formatCount(total)} requests)`,
  /** A search whose field lookups stopped at their limit: more may match. */
  resultsAtLeast: (shown: number, total: number): string =>
    `At least ${formatCount(total)} requests match; the newest ${formatCount(shown)} found shown`,
  /** "Times are in your time zone, Europe/Berlin." */
  timeZoneNote: (zone: string): string => `Times are in your time zone, ${zone}.`,
  status: {
    new: 'New',
    replied: 'Replied',
    'in-talks': 'In talks',
    won: 'Won',
    lost: 'Lost',
  } satisfies Record<RequestStatus, string>,
  fields: {
    company: 'Company',
    email: 'Email',
    phone: 'Phone',
    received: 'Received',
    message: 'Message',
  },
  /** Where a request came from (stored with it by the form), in the order shown. */
  context: {
    label: 'Where it came from',
    page: 'Sent from',
    referrer: 'Referrer',
    utmSource: 'Source',
    utmMedium: 'Medium',
    utmCampaign: 'Campaign',
    utmTerm: 'Term',
    utmContent: 'Content',
    language: 'Language',
  },
  noMessage: 'No message.',
  /** Requests the notification function judged suspected spam: kept apart, for staff to rescue. */
  spam: {
    badge: 'Suspected spam',
    why: (reasons: string): string => `Why: ${reasons}.`,
    reasons: {
      honeypot: 'a field hidden from people was filled in',
      'too-fast': 'sent seconds after the first keystroke',
      links: 'many links',
      pattern: 'words common in spam',
      'staff-advertising': 'marked by staff: advertising',
      'staff-scam': 'marked by staff: a scam or phishing',
      'staff-abusive': 'marked by staff: abusive',
      'staff-not-a-request': 'marked by staff: not a project request',
    } as Readonly<Record<string, string>>,
    note: 'Kept for 30 days, then deleted. “Not spam” moves it to the inbox and notifies the studio.',
    notSpam: 'Not spam',
    /** Staff's own verdict on a request the scoring let through: a reason is chosen. */
    mark: 'Mark as spam',
    markChoose: 'Mark as spam…',
    /** Said once marked: it left the view, and can be taken back. */
    marked: (name: string, reason: string): string =>
      `The request from ${name} was marked as spam (${reason}) and moved to Spam.`,
    markFailed: 'It could not be marked as spam. Try again.',
    /** The reasons staff choose from, short (the select, the history). */
    markReasons: {
      'staff-advertising': 'advertising',
      'staff-scam': 'a scam or phishing',
      'staff-abusive': 'abusive',
      'staff-not-a-request': 'not a project request',
    } as Readonly<Record<string, string>>,
    rescueFailed: 'It could not be moved to the inbox. Try again.',
    /** Said once the request has left the Spam view. */
    rescued: (name: string): string => `The request from ${name} was moved to the inbox.`,
  },
  /** Working a lead: its status, owner and note, and who changed what. */
  lead: {
    status: 'Status',
    owner: 'Owner',
    nobody: 'Nobody',
    /** An owner whose staff access was revoked: the lead keeps their name. */
    formerStaff: (email: string): string => `${email} (former staff)`,
    note: 'Internal note',
    noteHint: 'Only staff see it.',
    saveNote: 'Save note',
    /** "Note saved." and, when the save removed invisible characters, how many. */
    noteSavedCleaned: (removed: number): string =>
      removed === 0
        ? 'Note saved.'
        : `Note saved. ${removed} invisible character${removed === 1 ? '' : 's'} (direction marks or zero-width spaces, as messaging apps add around phone numbers) ${removed === 1 ? 'was' : 'were'} removed.`,
    /** Under the note: its length as the rules count it, of the limit ("1,087 / 1,000"). */
    noteLength: (used: number, max: number): string =>
      `${formatCount(used)} / ${formatCount(max)} characters`,
    /** Under the note while it is too long, before any save. */
    noteOver: (over: number): string =>
      `${formatCount(over)} character${over === 1 ? '' : 's'} over the limit: shorten the note to save it.`,
    noteTooLong: (max: number, over: number): string =>
      `The note is ${formatCount(over)} character${over === 1 ? '' : 's'} longer than ${formatCount(max)}, so it was not saved. Shorten it, then save again; your text is still here.`,
    /** A note typed on this device and not saved (signed out, revoked, tab closed). */
    draftKept: 'A note you typed here was not saved. It was kept on this device.',
    restoreDraft: 'Restore my draft',
    discardDraft: 'Discard it',
    noteFailed:
      'The note was not saved (the connection failed or the change was refused). Your text is still here: save again, or reload the page if it keeps failing.',
    /** Someone else saved the note after this member started editing it. */
    noteConflict: (by: string): string =>
      `${by || 'Another staff member'} changed this note while you were editing it, so yours was not saved. Their note is shown below: keep yours (it replaces theirs) or use theirs.`,
    theirNote: (by: string): string => `The note as ${by || 'the other staff member'} saved it:`,
    emptyNote: '(empty)',
    keepMine: 'Keep my note',
    useTheirs: 'Use their note',
    more: 'Note and history',
    history: 'History',
    noHistory: 'No changes yet.',
    /** A long history keeps its latest changes here; the older ones are in the exports. */
    olderHistory: (count: number): string =>
      `${count} earlier change${count === 1 ? ' is' : 's are'} kept with the request and included in the CSV and JSON exports.`,
    /**
     * One change: "ada@… set the status to Won". Every change names its account; only entries
     * stored before that was required can lack a name, and say so.
     */
    change: (by: string, field: 'status' | 'owner' | 'note' | 'spam', to: string): string => {
      const who = by || 'An account with no name on record';
      if (field === 'spam') {
        return to === 'not-spam'
          ? `${who} marked it not spam`
          : `${who} marked it spam: ${staffInbox.spam.markReasons[to] ?? to}`;
      }
      if (field === 'note') return to ? `${who} changed the note` : `${who} cleared the note`;
      if (field === 'owner') return to ? `${who} gave it to ${to}` : `${who} left it to nobody`;
      return `${who} set the status to ${to}`;
    },
    lastChange: (by: string, time: string): string =>
      by ? `Changed by ${by}, ${time}` : `Changed ${time}`,
  },
  /** The message, when long, shows its first lines until expanded. */
  showMessage: 'Read more',
  hideMessage: 'Read less',
  /** Each request's own address in the inbox. */
  link: 'Link',
  linkLabel: (name: string): string => `Link to the request from ${name}`,
  /** The reply link's subject: names the request, so the thread is easy to find again. */
  replySubject: (name: string, company: string): string =>
    `Your project request to First Day Studio${name ? ` – ${name}` : ''}${company ? ` (${company})` : ''}`,
  /** The reply link's accessible name: it opens a mail and marks a new request replied. */
  replyLabel: (email: string): string => `Reply to ${email} (marks a new request replied)`,
  delete: 'Delete',
  /** Accessible names that say which request a control acts on. */
  actionLabel: (action: string, name: string): string => `${action}: request from ${name}`,
  updateFailed: 'That change could not be saved. Try again.',
  deleteFailed: 'The request could not be deleted. Try again.',
  exportFailed: 'The export could not read every change of the requests. Try again.',
  confirmDelete: {
    title: 'Delete this request?',
    text: (name: string, company: string): string =>
      `The request from ${name} (${company}) will be deleted for good. This cannot be undone.`,
    confirm: 'Delete request',
    cancel: 'Cancel',
    deleting: 'Deleting…',
  },
  /** After a change that hides a request under the current view: what happened, and undo. */
  hidden: (name: string, status: string): string =>
    `The request from ${name} is now ${status.toLowerCase()}, so this view no longer shows it.`,
  undo: 'Undo',
  undoLabel: (name: string): string => `Undo: request from ${name}`,
  /** The tab's title while requests that arrived have not been looked at: "(2) Staff inbox …". */
  unseenTitle: (count: number, title: string): string => `(${count}) ${title}`,
  /** Acting on several requests at once. */
  bulk: {
    label: 'Selected requests',
    select: 'Select',
    selected: (count: number): string =>
      `${formatCount(count)} request${count === 1 ? '' : 's'} selected`,
    setStatus: 'Set status…',
    setOwner: 'Give to…',
    delete: 'Delete selected',
    clear: 'Clear selection',
    /** The one confirmation before a bulk action. */
    confirmTitle: (count: number): string =>
      `Change ${formatCount(count)} request${count === 1 ? '' : 's'}?`,
    confirmStatus: (count: number, status: string): string =>
      `The status of ${formatCount(count)} request${count === 1 ? '' : 's'} will be set to ${status}. Each change is recorded in its history.`,
    confirmOwner: (count: number, owner: string): string =>
      `${formatCount(count)} request${count === 1 ? '' : 's'} will be given to ${owner}. Each change is recorded in its history.`,
    confirmDelete: (count: number): string =>
      `${formatCount(count)} request${count === 1 ? '' : 's'} will be deleted for good. This cannot be undone.`,
    confirm: 'Confirm',
    cancel: 'Cancel',
    working: 'Working…',
    /** Said when done: how many were changed, and how many could not be. */
    done: (changed: number, failed: number): string =>
      `${formatCount(changed)} request${changed === 1 ? '' : 's'} changed.${failed > 0 ? ` ${formatCount(failed)} could not be changed; they stay selected.` : ''}`,
  },
  /** Said to screen readers when live updates bring requests in. */
  arrived: (count: number): string =>
    count === 1 ? 'A new request arrived.' : `${count} new requests arrived.`,
} as const;
