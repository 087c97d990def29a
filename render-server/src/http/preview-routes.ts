import type http from 'node:http';
import { previewPaths } from '../../../platform/releases/preview-paths.cjs';
import { clearedSession, previewSession } from '../lanes/visitor-lane';
import type { PreviewCheck } from '../lanes/preview-reading';

const { prefix: previewPrefix, exit: previewExitPath } = previewPaths;

const style =
  'html{background:#0e0e10;color:#f5f2eb;font:1.1rem/1.6 system-ui,sans-serif}main{max-width:34rem;margin:18vh auto;padding:2rem}h1{font-size:1.6rem;line-height:1.25}a{display:inline-block;margin-top:1rem;padding:.75rem 1.5rem;border-radius:999px;background:#ff7a45;color:#111113;font-weight:600;text-decoration:none}a:focus-visible{outline:3px solid #f5f2eb;outline-offset:3px}';

/** A plain page that says why a preview link was refused, and leads to the site. */
function refusal(heading: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${heading} · First Day Studio</title><style>${style}</style></head><body><main><h1>${heading}</h1><p>${text}</p><a href="/">Go to the live site</a></main></body></html>`;
}

const refusals = {
  off: [404, 'Preview links are off', 'This server does not accept preview links.'],
  malformed: [
    403,
    'This preview link is not valid',
    'It may have been cut short or changed. Ask whoever sent it for a new one.',
  ],
  altered: [
    403,
    'This preview link is not valid',
    'It may have been cut short or changed. Ask whoever sent it for a new one.',
  ],
  elsewhere: [
    403,
    'This preview link is for another site',
    'It was made for another address of the site. Ask whoever sent it for a link to this one.',
  ],
  expired: [
    410,
    'This preview link has expired',
    'Preview links work for a limited time. Ask whoever sent it for a new one.',
  ],
} as const;

function send(res: http.ServerResponse, req: http.IncomingMessage, status: number, html: string) {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(html),
    'Cache-Control': 'no-store',
    'X-Robots-Tag': 'noindex',
  });
  res.end(req.method === 'HEAD' ? undefined : html);
}

function redirectHome(res: http.ServerResponse, cookie: string): void {
  res.writeHead(303, {
    Location: '/',
    'Set-Cookie': cookie,
    'Cache-Control': 'no-store',
    'X-Robots-Tag': 'noindex',
    'Content-Length': '0',
  });
  res.end();
}

/**
 * Answers the preview paths: a valid link sets the reviewer's session and leads to the site;
 * an altered, malformed or expired one is refused with a page that says so; the way out clears
 * the session. Returns false for any other path.
 */
export function answerPreviewPath(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  pathname: string,
  read: (token: string) => PreviewCheck,
  https: boolean,
): boolean {
  if (!pathname.startsWith(previewPrefix)) return false;
  if (pathname === previewExitPath) {
    redirectHome(res, clearedSession(https));
    return true;
  }
  const reading = read(pathname.slice(previewPrefix.length));
  if (reading.ok) {
    redirectHome(
      res,
      previewSession(https, pathname.slice(previewPrefix.length), reading.preview.expires),
    );
    return true;
  }
  const [status, heading, text] = refusals[reading.reason];
  send(res, req, status, refusal(heading, text));
  return true;
}
