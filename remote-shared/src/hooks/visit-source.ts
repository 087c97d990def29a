/**
 * Where this visit came from, kept for the browser session (sessionStorage): the campaign
 * parameters (utm_*) of the landing page and the origin of the referring site. The shell records
 * it on every page load; the contact form stores it with a request, so a visitor who lands on
 * /?utm_campaign=autumn and writes from /contact later is still counted for that campaign.
 */
export interface VisitSource {
  /** The referring site's origin (https://dribbble.com), '' when none or this site. */
  readonly referrer: string;
  /** utm_source, utm_campaign …, as found in the landing page's URL. */
  readonly utm: Readonly<Record<string, string>>;
}

const storageKey = 'firstday.visit-source';
/** A landing the page's inline script saw before the app started (see visitLandingScript). */
const landingKey = 'firstday.visit-landing';
/** Long enough for any real tag; the form cuts to the stored limits again. */
const maxValueLength = 200;
const maxParameters = 10;

function stored(): VisitSource | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(storageKey) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { referrer, utm } = value as { referrer?: unknown; utm?: unknown };
    const parameters =
      typeof utm === 'object' && utm !== null
        ? Object.fromEntries(
            Object.entries(utm).filter(
              (entry): entry is [string, string] => typeof entry[1] === 'string',
            ),
          )
        : {};
    return { referrer: typeof referrer === 'string' ? referrer : '', utm: parameters };
  } catch {
    // Storage blocked or the value damaged: as if nothing was recorded.
    return null;
  }
}

function externalOrigin(referrer: string, here: string): string {
  try {
    const origin = new URL(referrer).origin;
    return origin !== 'null' && origin !== here ? origin : '';
  } catch {
    return '';
  }
}

/**
 * The page's inline script, run before anything can be tapped: the app starts a moment after
 * the first paint, and a link tapped before that is a whole new page load, so a landing with
 * campaign parameters or from another site would never reach rememberVisitSource. It only keeps
 * the landing's address and referrer aside; rememberVisitSource reads them as it reads its own.
 */
export const visitLandingScript = `(function(){try{var l=location,r=document.referrer;if(/[?&]utm_[a-z]+=/.test(l.search)||(r&&r!==l.origin&&r.indexOf(l.origin+"/")!==0))sessionStorage.setItem(${JSON.stringify(landingKey)},JSON.stringify([l.href,r]))}catch(e){}})();`;

/** The landing the inline script kept aside, once (it is removed as it is read). */
function takeLanding(): [url: string, referrer: string] | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(landingKey) ?? 'null');
    sessionStorage.removeItem(landingKey);
    return Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string')
      ? [value[0] as string, value[1] as string]
      : null;
  } catch {
    return null;
  }
}

/**
 * Records the source of a landing: a page loaded with utm_* parameters or from another site
 * starts a new source for the session; any other page load (a reload, an internal link) keeps
 * the one recorded. A landing the inline script kept aside is recorded first.
 */
export function rememberVisitSource(
  url: string = window.location.href,
  referrer: string = document.referrer,
): void {
  const landing = takeLanding();
  if (landing) recordSource(...landing);
  recordSource(url, referrer);
}

function recordSource(url: string, referrer: string): void {
  try {
    const { searchParams, origin } = new URL(url);
    const utm: Record<string, string> = {};
    for (const [key, value] of searchParams) {
      if (/^utm_[a-z]+$/.test(key) && value.trim() && Object.keys(utm).length < maxParameters) {
        utm[key] = value.trim().slice(0, maxValueLength);
      }
    }
    const from = externalOrigin(referrer, origin);
    if (Object.keys(utm).length === 0 && from === '') return;
    const source: VisitSource = { referrer: from, utm };
    sessionStorage.setItem(storageKey, JSON.stringify(source));
  } catch {
    // No storage (blocked, private mode quota): the request is stored without its source.
  }
}

/** This session's source, or an empty one. */
export function visitSource(): VisitSource {
  return stored() ?? { referrer: '', utm: {} };
}
