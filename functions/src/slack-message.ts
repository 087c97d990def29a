import { contactFields } from '../../platform/contact-request/contact-schema.cjs';
import type { ContactRequest } from './contact-request';
import { contextRows } from './context-rows';
import { escapeSlack, oneLine } from './escape';

/** The Slack incoming-webhook payload for a request: who, how to reach them, the message start. */
export function slackMessageFor(request: ContactRequest): { text: string } {
  const { name, company, email, phone, message } = request;
  const who = `*${escapeSlack(oneLine(name || '—', contactFields.name.max))}*${company ? ` (${escapeSlack(oneLine(company, contactFields.company.max))})` : ''}`;
  const excerpt = message.length > 500 ? `${message.slice(0, 499)}…` : message;
  const quoted = excerpt
    ? `\n${escapeSlack(excerpt)
        .split('\n')
        .map((line) => `>${line}`)
        .join('\n')}`
    : '';
  const context = contextRows(request.context)
    .map(([label, value]) => `${label}: ${escapeSlack(oneLine(value, 300))}`)
    .join(' · ');
  return {
    text: `New project request from ${who}\n${escapeSlack(oneLine(email, contactFields.email.max))} · ${escapeSlack(oneLine(phone, 40))}${context ? `\n${context}` : ''}${quoted}`,
  };
}
