import type { RequestContext } from '../../platform/contact-request/contact-request.cjs';

/** Where a request came from, as labelled rows for the mail and Slack; empty values left out. */
export function contextRows(context: RequestContext): [string, string][] {
  const campaign = [
    ['source', context.utmSource],
    ['medium', context.utmMedium],
    ['campaign', context.utmCampaign],
    ['term', context.utmTerm],
    ['content', context.utmContent],
  ]
    .filter(([, value]) => value !== '')
    .map(([label, value]) => `${label} ${value}`)
    .join(', ');
  const rows: [string, string][] = [
    ['Sent from', context.page],
    ['Referrer', context.referrer],
    ['Campaign', campaign],
    ['Language', context.language],
  ];
  return rows.filter(([, value]) => value !== '');
}
