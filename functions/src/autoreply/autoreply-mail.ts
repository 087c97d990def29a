import { autoreply } from '../../../platform/contact-request/autoreply-text.cjs';
import { escapeHtml } from '../escape';

/** A `mail` document for the Trigger Email extension: the sender's confirmation. */
export interface AutoreplyMail {
  readonly to: string;
  readonly from?: string;
  readonly replyTo: string;
  readonly message: { readonly subject: string; readonly text: string; readonly html: string };
}

/**
 * The fixed confirmation from the studio's content, greeting `name` (already cleaned by
 * senderName). Nothing else of the request goes in: no message, company, phone or context.
 * Replies go to the studio's inbox, not back to the address the form was given.
 */
export function autoreplyMail(
  to: string,
  name: string,
  settings: { readonly from: string | null; readonly inbox: string },
): AutoreplyMail {
  const blocks = [autoreply.greeting(name), ...autoreply.paragraphs];
  const text = [...blocks, autoreply.signOff.join('\n')].join('\n\n');
  const html = [
    ...blocks.map((block) => `<p>${escapeHtml(block)}</p>`),
    `<p>${autoreply.signOff.map(escapeHtml).join('<br>')}</p>`,
  ].join('\n');
  return {
    to,
    ...(settings.from ? { from: settings.from } : {}),
    replyTo: settings.inbox,
    message: { subject: autoreply.subject, text, html },
  };
}
