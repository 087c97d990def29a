/** Texts and limits of the contact form. The limits are mirrored by firestore.rules. */
export const contactLimits = {
  name: 100,
  phone: 20,
  email: 254,
  company: 100,
  message: 5000,
} as const;

export type ContactField = keyof typeof contactLimits;

export const contactPage = {
  heading: 'Contact Us',
  eyebrow: 'Start your First Day',
  invitation:
    "Tell us about your project, your brand or the idea you can't stop thinking about. We answer every message within two working days.",
  formLabel: 'Contact form',
  /** Shown beside the form with the studio's address (studio.email). */
  directLabel: 'Prefer email?',
  replyPromise: 'A real person reads every message.',
  requiredNote: 'Fields marked * are required.',
  fields: {
    name: { label: 'Name', placeholder: 'Your name', required: 'Name is required' },
    phone: {
      label: 'Phone',
      placeholder: 'Phone number (digits only)',
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
  /** The live counter under the message, e.g. "120 / 5000". */
  counter: (used: number, limit: number): string => `${used} / ${limit}`,
  counterLabel: (used: number, limit: number): string => `${used} of ${limit} characters used`,
  /** Bots fill every field; people never see this one. */
  honeypotLabel: 'Leave this field empty',
  submit: 'Submit',
  sending: 'Sending…',
  clear: 'Clear',
  failure:
    'Your message could not be sent. Please check your connection and try again; everything you typed is still here.',
  thankYouTitle: 'Thank you!',
  thankYouText: 'Your message is on its way. We will get back to you soon.',
  thankYouClose: 'Close',
} as const;
