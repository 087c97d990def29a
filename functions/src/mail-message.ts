import { replyAddress, type ContactRequest } from './contact-request';
import { contextRows } from './context-rows';
import { escapeHtml, oneLine } from './escape';

/**
 * A document of the `mail` collection, in the format of Firebase's "Trigger Email from
 * Firestore" extension, which sends it.
 */
export interface MailDocument {
  readonly to: string;
  readonly replyTo?: string;
  readonly message: { readonly subject: string; readonly text: string; readonly html: string };
}

const orDash = (value: string) => (value === '' ? '—' : value);

export function mailFor(request: ContactRequest, inbox: string): MailDocument {
  const { name, company, email, phone, message, createdAt, id } = request;
  const subject = oneLine(
    `New project request: ${orDash(name)}${company ? ` (${company})` : ''}`,
    200,
  );
  const rows: [string, string][] = [
    ['Name', name],
    ['Company', company],
    ['Email', email],
    ['Phone', phone],
    ['Received', createdAt.toISOString()],
    ...contextRows(request.context),
  ];
  const text = [
    'A new project request came in through the website.',
    '',
    ...rows.map(([label, value]) => `${label}: ${orDash(value)}`),
    '',
    'Message:',
    orDash(message),
    '',
    `Request: users/${id}`,
  ].join('\n');
  const html = [
    '<p>A new project request came in through the website.</p>',
    '<table cellpadding="4">',
    ...rows.map(
      ([label, value]) =>
        `<tr><th align="left">${label}</th><td>${escapeHtml(orDash(value))}</td></tr>`,
    ),
    '</table>',
    '<p><strong>Message</strong></p>',
    `<p style="white-space: pre-wrap">${escapeHtml(orDash(message))}</p>`,
    `<p style="color: #666">Request: users/${escapeHtml(id)}</p>`,
  ].join('\n');
  const replyTo = replyAddress(email);
  return { to: inbox, ...(replyTo ? { replyTo } : {}), message: { subject, text, html } };
}
