import * as logger from 'firebase-functions/logger';
import { defineSecret } from 'firebase-functions/params';
import { onDocumentCreated, onDocumentUpdated } from 'firebase-functions/v2/firestore';
import { collections } from '../../platform/contact-request/contact-schema.cjs';
import { database } from './database';
import { notifyAssigned } from './notify-assigned';
import { notifyRequest, notifyRescued, type NotifyConfig } from './notify-request';
import { ceiling, textSetting } from './settings';

export { judgeCanary } from './canary';

export const defaultInbox = 'info@firstday.studio';
export const defaultMaxPerEmailPerHour = 5;
export const defaultAutoreplyPerAddressPerDay = 3;
export const defaultAutoreplyPerClientPerHour = 5;

const studioInbox = textSetting(
  'STUDIO_INBOX',
  defaultInbox,
  "The studio's inbox: every contact request is mailed there.",
);
const maxPerEmailPerHour = ceiling(
  'NOTIFY_MAX_PER_EMAIL_PER_HOUR',
  defaultMaxPerEmailPerHour,
  'Requests notified per sender address and hour; later ones are flagged "flood".',
);
// The sender's confirmation: "auto" sends it where a sender (AUTOREPLY_FROM, an address of the
// studio's own domain, set up in the Trigger Email extension) is configured, "on" sends it from
// the extension's default sender, "off" never.
const autoreplySwitch = textSetting(
  'AUTOREPLY',
  'auto',
  'The confirmation mailed to each sender: auto (on where AUTOREPLY_FROM is set), on or off.',
);
const autoreplyFrom = textSetting(
  'AUTOREPLY_FROM',
  '',
  'From of the confirmation, e.g. "First Day Studio <hello@firstday.studio>".',
);
const autoreplyPerAddressPerDay = ceiling(
  'AUTOREPLY_MAX_PER_ADDRESS_PER_DAY',
  defaultAutoreplyPerAddressPerDay,
  'Confirmations per sender address and day; later requests get none.',
);
const autoreplyPerClientPerHour = ceiling(
  'AUTOREPLY_MAX_PER_CLIENT_PER_HOUR',
  defaultAutoreplyPerClientPerHour,
  'Confirmations per visitor (anonymous sign-in) and hour; later requests get none.',
);
// A webhook URL lets anyone post to the channel, so it is a secret; "off" means no Slack.
const slackWebhookUrl = defineSecret('SLACK_WEBHOOK_URL');

/** Events older than this are dropped rather than retried forever (e.g. a webhook long down). */
const maxEventAgeMs = 24 * 3_600_000;

function config(): NotifyConfig {
  const slack = slackWebhookUrl.value().trim();
  return {
    inbox: studioInbox() || defaultInbox,
    slackWebhookUrl: slack === '' || slack === 'off' ? null : slack,
    maxPerEmailPerHour: maxPerEmailPerHour(),
    autoreply: autoreplyConfig(),
  };
}

function autoreplyConfig(): NotifyConfig['autoreply'] {
  const from = autoreplyFrom();
  const switched = autoreplySwitch().toLowerCase();
  return {
    enabled: switched === 'on' || (switched !== 'off' && from !== ''),
    from: from === '' ? null : from,
    maxPerAddressPerDay: autoreplyPerAddressPerDay(),
    maxPerClientPerHour: autoreplyPerClientPerHour(),
  };
}

/** Both triggers: every stored request, its notification retried until it is a day old. */
const requestTrigger = {
  document: `${collections.requests}/{id}` as const,
  secrets: [slackWebhookUrl],
  retry: true,
};
const tooOld = (time: Date) => Date.now() - time.getTime() > maxEventAgeMs;

export const notifyContactRequest = onDocumentCreated(requestTrigger, async (event) => {
  const time = new Date(event.time);
  if (tooOld(time)) {
    logger.error('Dropping a notification older than a day', { id: event.params.id });
    return;
  }
  const result = await notifyRequest(
    database(),
    { id: event.params.id, data: event.data?.data(), time },
    config(),
  );
  if (result.mail === 'spam') {
    logger.warn('Suspected spam: kept apart, not notified', {
      id: event.params.id,
      reasons: result.reasons,
    });
  } else if (result.mail === 'flood') {
    logger.warn('Request over the per-address ceiling: flagged, not notified', {
      id: event.params.id,
    });
  } else {
    logger.info('Contact request notified', { id: event.params.id, ...result });
    if (result.autoreply?.endsWith('-ceiling')) {
      logger.warn('No confirmation for the sender: over a ceiling', {
        id: event.params.id,
        autoreply: result.autoreply,
      });
    }
  }
});

/**
 * A change to a request: suspected spam that staff marked "not spam" is notified then, once; a
 * lead given to a staff member by someone else mails them, once per change.
 */
export const notifyRescuedRequest = onDocumentUpdated(requestTrigger, async (event) => {
  const time = new Date(event.time);
  if (tooOld(time)) return;
  const change = {
    id: event.params.id,
    before: event.data?.before.data(),
    after: event.data?.after.data(),
    time,
  };
  const result = await notifyRescued(database(), change, config());
  if (result) logger.info('Rescued request notified', { id: event.params.id, ...result });
  const assigned = await notifyAssigned(database(), change);
  if (assigned) logger.info('New owner notified', { id: event.params.id, mail: assigned });
});
