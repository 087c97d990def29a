import type { DecodedContactRequest } from '../../platform/contact-request/contact-request.cjs';

/**
 * Judges a request on what the server can see: the stored text, and what the browser reported
 * (the honeypot, the time the form took). The browser only reports; the verdict is made here,
 * with the Admin SDK, where no visitor can set it.
 *
 * Each signal adds points; at `spamThreshold` or more the request is suspected spam. No single
 * weak signal is enough: an autofilled form sent in two seconds, or a brief with a few links to
 * the client's current sites, is a real client. The honeypot alone is (people never see it), and
 * a false positive costs little now: the request is kept for staff to rescue.
 */
export type SpamReason = 'honeypot' | 'too-fast' | 'links' | 'pattern';

const spamThreshold = 3;
/** Faster than a person types four required fields (autofill can, so it scores below the bar). */
const tooFastSeconds = 3;

const link = /\bhttps?:\/\/|\bwww\.|\[url[=\]]|<a\s+href/gi;
/** Phrases of bulk spam that a studio's client does not write. */
const badPattern =
  /\[url[=\]]|<a\s+href|\b(?:viagra|cialis|casino|porn|backlinks?|seo (?:services?|ranking|agency)|guest posts?|crypto (?:investment|giveaway)|forex signals?|escort)\b/i;

export interface SpamVerdict {
  readonly score: number;
  readonly reasons: readonly SpamReason[];
  readonly spam: boolean;
}

export function judgeSpam(request: DecodedContactRequest): SpamVerdict {
  const points: [SpamReason, number][] = [];
  if (request.honeypot) points.push(['honeypot', 3]);
  if (request.formSeconds !== null && request.formSeconds < tooFastSeconds) {
    points.push(['too-fast', 2]);
  }
  const text = [request.name, request.company, request.message].join('\n');
  const links = text.match(link)?.length ?? 0;
  if (links >= 6) points.push(['links', 3]);
  else if (links >= 3) points.push(['links', 2]);
  if (badPattern.test(text)) points.push(['pattern', 2]);
  const score = points.reduce((sum, [, value]) => sum + value, 0);
  return { score, reasons: points.map(([reason]) => reason), spam: score >= spamThreshold };
}
