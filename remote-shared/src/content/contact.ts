import type { ContactField } from '../../../platform/contact-request/contact-schema.cjs';

export type { ContactField };

/**
 * The longest value of each field, the platform's contact schema's (kept here for released
 * remote-contact versions that still read them from this remote).
 */
export { contactLimits } from '../../../platform/contact-request/contact-schema.cjs';

/** Texts of the contact form. */
export const contactPage = {
  heading: 'Contact Us',
  eyebrow: 'Start your First Day',
  invitation:
    "Tell us about your project, your brand or the idea you can't stop thinking about. We answer every message within two working days.",
  formLabel: 'Contact form',
  /** Shown beside the form with the studio's address (studio.email). */
  directLabel: 'Prefer email?',
  /** Shown instead of the form when the browser runs no scripts. */
  formNeedsScripts:
    'The contact form needs JavaScript, which is off in this browser. Write to us instead:',
  replyPromise: 'A real person reads every message.',
  requiredNote: 'Fields marked * are required.',
  fields: {
    name: { label: 'Name', placeholder: 'Your name', required: 'Name is required' },
    phone: {
      label: 'Phone',
      placeholder: 'Phone number, e.g. +44 20 7946 0958',
      required: 'Phone number is required',
    },
    email: { label: 'Email', placeholder: 'you@company.com', required: 'Email is required' },
    company: { label: 'Company', placeholder: 'Company name', required: 'Company is required' },
    message: {
      label: 'Message',
      placeholder: 'What can we build together? (optional)',
      required: '',
    },
  } satisfies Record<ContactField, { label: string; placeholder: string; required: string }>,
  invalidEmail: 'Enter a valid email address, like name@example.com',
  tooLong: (limit: number): string => `Keep this to ${limit} characters or fewer`,
  phoneTooLong: (limit: number): string => `A phone number has at most ${limit} digits`,
  /** The live counter under the message: characters used / the limit. */
  counter: (used: number, limit: number): string => `${used} / ${limit}`,
  counterLabel: (used: number, limit: number): string => `${used} of ${limit} characters used`,
  /** Bots fill every field; people never see this one. */
  honeypotLabel: 'Leave this field empty',
  submit: 'Submit',
  sending: 'Sending…',
  clear: 'Clear',
  /** A name, company or message with control characters inside (NUL, ESC…, often pasted). */
  controlCharacters:
    'This contains invisible control characters, perhaps from pasted text. Please retype it.',
  /**
   * Why a message was not sent, each true to what the form knows. Everything typed stays in the
   * form, and the studio's address (studio.email) is offered after `emailInstead`.
   */
  failures: {
    /** The network failed before the server could answer. */
    unavailable:
      'Your message was not sent: we could not reach our server. Check your connection and try again.',
    /** No answer in time: it may or may not have arrived. A retry can never send it twice. */
    timeout:
      'Our server did not answer in time, so we cannot tell whether your message arrived. Try again (it will not be sent twice), or email us.',
    /** The server refused the message. */
    refused: 'Our server refused this message, so it was not sent. Please email it to us instead.',
    /** An earlier attempt went unanswered and the retry was refused: it may already be stored. */
    unconfirmed:
      'We could not confirm that your message arrived: an earlier attempt may have reached us, but our server did not say so. To be sure, please email us.',
    /** The form's settings or code could not be loaded. */
    configuration: 'The form cannot send messages right now. Please email us instead.',
    /**
     * This browser sent a request less than a minute ago (one request per visitor and minute).
     * Shown when the time the next one is allowed is not known; tooSoonUntil when it is.
     */
    'too-soon': 'You sent a request a moment ago. You can send another in a minute.',
  },
  /** As failures['too-soon'], with the time (e.g. "14:32") from which another may be sent. */
  tooSoonUntil: (time: string): string =>
    `You sent a request a moment ago. You can send another at ${time}.`,
  keptNote: 'Everything you typed is still here.',
  emailInstead: 'Email us at',
  thankYouTitle: 'Thank you!',
  thankYouText: 'Your message is on its way. We will get back to you soon.',
  thankYouClose: 'Close',
} as const;
