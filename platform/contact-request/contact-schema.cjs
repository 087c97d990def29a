// @ts-check
/**
 * The contact request's schema, defined once: which fields a stored users/{id} document may hold,
 * how long each may be and the pattern it must match, and the numbers the rules enforce around
 * it. The form (remote-contact) validates with it, the decoder and the export format read its
 * field lists, the notification function checks Reply-To with its email pattern, and
 * firestore.rules is generated from it (`node tools/rules/write-rules.mjs`).
 *
 * Patterns are full-string patterns (see contact-request's matchesFully), written in the syntax
 * JavaScript (with the `u` flag) and RE2 (the rules' `matches()`) read the same way. Lengths are
 * in UTF-16 code units, as the rules' size() and String.prototype.length count them.
 */

/**
 * Characters a reader cannot see: separators (every kind of space, line and paragraph separators),
 * controls (NUL, ESC, U+0085…) and format characters (zero-width space, byte order mark…).
 * The form trims them at both ends; a value made only of them is blank.
 */
const invisibleClass = '\\p{Z}\\p{Cc}\\p{Cf}';
const visible = `[^${invisibleClass}]`;

/**
 * Unicode's Bidi_Control characters: the embeddings and overrides U+202A–U+202E, the isolates
 * U+2066–U+2069, and the marks U+200E, U+200F and U+061C. They reorder how the text around them
 * is displayed (a name can show as something else in the inbox or a mail subject), so no field
 * may contain them. They are format characters (\p{Cf}) like the zero-width joiner inside an
 * emoji, which stays allowed, so they are listed one by one.
 *
 * Written as the characters themselves: RE2 has no \u escape (only \x{…}) and JavaScript's
 * `u` mode has no \x{…}, while both read a literal character in a class the same way. The rules
 * file writes them as \u string escapes of its own string literal (never as invisible text).
 */
const bidiControls = '\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069';

/** Anything but a control or bidi control character, inside a value. */
const inner = `[^\\p{Cc}${bidiControls}]`;

const invisibleEdges = new RegExp(`^[${invisibleClass}]+|[${invisibleClass}]+$`, 'gu');

/**
 * Removes invisible characters at both ends (more than String.prototype.trim knows of).
 * @param {string} value
 */
function trimInvisible(value) {
  return value.replace(invisibleEdges, '');
}
const bidiAnywhere = new RegExp(`[${bidiControls}]`, 'gu');
const controlsInLine = /\p{Cc}/gu;
const controlsInText = /[^\P{Cc}\t\n\r]/gu;
/** Invisible characters worth telling about when removed (not ordinary spaces or line breaks). */
const hiddenCharacter = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
const ordinarySpace = /[ \t\n\r]/u;

/**
 * A text as the patterns above accept it, for text staff or visitors paste (a phone number from
 * a messaging app arrives wrapped in direction marks, a note may end in a zero-width space):
 * bidi controls removed everywhere, control characters removed (tabs and line breaks kept when
 * `multiline`), then invisible characters trimmed at both ends. `removed` counts the invisible
 * characters taken out, ordinary spaces and line breaks aside, so the person can be told.
 * @param {string} value
 * @param {{ multiline: boolean }} options
 * @returns {{ text: string; removed: number }}
 */
function cleanText(value, { multiline }) {
  const text = trimInvisible(
    value.replace(bidiAnywhere, '').replace(multiline ? controlsInText : controlsInLine, ''),
  );
  const hidden = (/** @type {string} */ s) =>
    [...s].filter((c) => hiddenCharacter.test(c) && !ordinarySpace.test(c)).length;
  return { text, removed: hidden(value) - hidden(text) };
}

/**
 * The length of a text as every limit here counts it, and as the rules' size() does: UTF-16 code
 * units (an emoji counts 2). The form's counters, the inbox's note and the rules use this one
 * definition, so nothing the box accepts is refused or cut later.
 * @param {string} value
 */
function textLength(value) {
  return value.length;
}

/** The full-string patterns of the stored (trimmed) values. */
const contactPatterns = /** @type {const} */ ({
  /** One line: starts and ends with something visible, no control characters (name, company). */
  line: `${visible}(?:${inner}*${visible})?`,
  /** Digits, after an optional leading "+" (the international prefix, kept as typed). */
  phone: '\\+?[0-9]+',
  /**
   * An address that cannot carry anything but itself: the local part is letters, digits and
   * `. _ + -` (no leading, trailing or double dot), so no `%`, `?`, `&`, `=`, `#`, `/` or quote
   * can smuggle a header or a second address into a mailto: link or a mail's Reply-To. The
   * domain is the HTML standard's, with a dot required ("name@localhost" is never a client's).
   * Stricter than what type=email allows (it refuses o'brien@…), on purpose.
   */
  email:
    '[A-Za-z0-9_+-]+(?:\\.[A-Za-z0-9_+-]+)*@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+',
  /** Empty, or text over several lines: tabs and line breaks, no other control characters. */
  message: `(?:${visible}(?:(?:${inner}|[\\t\\n\\r])*${visible})?)?`,
  /** A campaign value: visible at both ends, no control or format characters inside. */
  campaign: `${visible}(?:[^\\p{Cc}\\p{Cf}]*${visible})?`,
});

/**
 * What the visitor sends, in the form's order: each required, a string of at most `max` units
 * matching `pattern` (the form trims invisible characters at both ends first). `input` is what
 * the browser should offer for it (the control, autofill, the keyboard on a phone).
 */
const contactFields = /** @type {const} */ ({
  name: { max: 100, pattern: contactPatterns.line, input: { type: 'text', autoComplete: 'name' } },
  phone: {
    max: 20,
    pattern: contactPatterns.phone,
    input: { type: 'tel', autoComplete: 'tel', inputMode: 'numeric' },
  },
  email: {
    max: 254,
    pattern: contactPatterns.email,
    input: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  },
  company: {
    max: 100,
    pattern: contactPatterns.line,
    input: { type: 'text', autoComplete: 'organization' },
  },
  /** Text over several lines, with a counter: a textarea. */
  message: { max: 5000, pattern: contactPatterns.message, input: { type: 'textarea' } },
});

/** @typedef {keyof typeof contactFields} ContactField */

/** @type {ReadonlyArray<ContactField>} */
const contactFieldNames = /** @type {ContactField[]} */ (Object.keys(contactFields));

/** The longest value of each field, in UTF-16 code units. */
const contactLimits = /** @type {Readonly<Record<ContactField, number>>} */ (
  Object.fromEntries(contactFieldNames.map((field) => [field, contactFields[field].max]))
);

/**
 * Where a request came from, stored beside the visitor's fields. Every key is optional and a
 * string of at most `max` UTF-16 units matching `pattern` (full match).
 * - page: the path the form was sent from (no query: it may hold personal data);
 * - referrer: the origin (scheme, host, port) of the site that sent the visitor, never a path;
 * - utm*: the campaign parameters of the visit's landing page, kept for the browser session;
 * - language: the browser's language (a BCP 47 tag such as en-GB).
 */
const contextFields = {
  page: { max: 200, pattern: '/[!-~]*' },
  referrer: { max: 200, pattern: 'https?://[A-Za-z0-9.-]+(?::[0-9]{1,5})?' },
  utmSource: { max: 100, pattern: contactPatterns.campaign },
  utmMedium: { max: 100, pattern: contactPatterns.campaign },
  utmCampaign: { max: 100, pattern: contactPatterns.campaign },
  utmTerm: { max: 100, pattern: contactPatterns.campaign },
  utmContent: { max: 100, pattern: contactPatterns.campaign },
  language: { max: 35, pattern: '[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*' },
};

/** @typedef {keyof typeof contextFields} ContextField */

/** @type {ReadonlyArray<ContextField>} */
const contextFieldNames = /** @type {ContextField[]} */ (Object.keys(contextFields));

/**
 * The URL parameter of each campaign field (utm_source …).
 * @type {Readonly<Record<Extract<ContextField, `utm${string}`>, string>>}
 */
const utmParameters = {
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
  utmTerm: 'utm_term',
  utmContent: 'utm_content',
};

/**
 * What the browser observed while the form was filled, for the notification function to judge
 * (a browser is never trusted to call its own request spam or not spam: the rules let it store
 * only these observations, in a narrow shape, and never the verdict):
 * - honeypot: true when the hidden field only bots fill was filled (absent otherwise);
 * - formSeconds: whole seconds from the first keystroke in the form to the submit, at most this
 *   (a day: longer says nothing more).
 */
const maxFormSeconds = 86400;

/**
 * A lead's pipeline, in order; a document without a status is new. Suspected spam is not a
 * status but the function's verdict (`spam`), shown as its own view.
 */
const statuses = /** @type {const} */ (['new', 'replied', 'in-talks', 'won', 'lost']);

/**
 * Why a staff member marks a request spam that the scoring let through ("Mark as spam"): stored
 * as its spamReasons (one of these) and as the value of its history entry.
 */
const staffSpamReasons = /** @type {const} */ ([
  'staff-advertising',
  'staff-scam',
  'staff-abusive',
  'staff-not-a-request',
]);

/**
 * What staff keep with a request: an internal note of at most `note` UTF-16 units (text like
 * the message, line breaks kept), and its history. The history is a map of entries keyed
 * `c1000`, `c1001`, … (historyKeyBase + the number of changes before it: the rules allow only the
 * next key, with the server's time and the staff member's account id and verified address),
 * since a server timestamp cannot sit in an array; keys of one width sort in order. The document
 * keeps the latest `history` entries and counts every change ever made in `historyCount`; the
 * change that would hold one more moves the oldest entry, unchanged, to the request's
 * `history` subcollection (historyArchive) in the same commit, so a lead never fills up and no
 * entry is ever lost or rewritten.
 */
const leadLimits = { note: 1000, history: 50 };
const notePattern = contactPatterns.message;
const historyKeyBase = 1000;
/** The key of the history entry that follows `count` entries. */
const historyKey = (/** @type {number} */ count) => `c${historyKeyBase + count}`;
/**
 * Where the site's data lives in Firestore. Every reader and writer (the form, the inbox, the
 * functions, the tools, the rules and the tests) names a collection through this object.
 */
const collections = /** @type {const} */ ({
  /** Contact requests, one document each (named `users` when the site began; its data is there). */
  requests: 'users',
  /** One document per anonymous visitor who sent a request: the per-client ceiling. */
  clients: 'clients',
  /** The staff roster the rules read (staffAccess/{uid}); only `npm run staff` writes it. */
  staffAccess: 'staffAccess',
  /** Who can own a lead: staffMembers/{verified address}. */
  staffMembers: 'staffMembers',
  /** Mail for the Trigger Email extension to send. */
  mail: 'mail',
});

/** The subcollection of users/{id} that holds the entries moved out of the document. */
const historyArchive = 'history';
/** The keys of one history entry, as the rules allow them. */
const historyEntryKeys = /** @type {const} */ (['at', 'by', 'uid', 'field', 'to']);
/**
 * What a history entry records the change of ('spam': staff's "not spam", to 'not-spam', or
 * "mark as spam", to one of staffSpamReasons).
 */
const historyFields = /** @type {const} */ (['status', 'owner', 'note', 'spam']);

/** The shape of users/{id}: what the writer's newDocumentId makes (20 letters and digits). */
const documentIdLength = 20;
const documentIdPattern = `[A-Za-z0-9]{${documentIdLength}}`;

/**
 * The per-client ceiling: one request per signed-in (anonymous) visitor per this many seconds.
 * A person sending twice in a row is rare; a minute stops a script from storing more than one
 * request a minute per identity.
 */
const clientIntervalSeconds = 60;

module.exports = {
  collections,
  trimInvisible,
  cleanText,
  textLength,
  contactPatterns,
  contactFields,
  contactFieldNames,
  contactLimits,
  contextFields,
  contextFieldNames,
  utmParameters,
  maxFormSeconds,
  statuses,
  staffSpamReasons,
  leadLimits,
  notePattern,
  historyKeyBase,
  historyKey,
  historyArchive,
  historyEntryKeys,
  historyFields,
  documentIdLength,
  documentIdPattern,
  clientIntervalSeconds,
};
