/**
 * The page served when not even the site's chrome can be drawn (remote-shared, which holds the
 * design and the content, is down and nothing was rendered before): plain and self-contained.
 */
export const unavailableNotice = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>First Day Studio</title><style>html{background:#0e0e10;color:#f5f2eb;font:1.1rem/1.6 system-ui,sans-serif}main{max-width:32rem;margin:20vh auto;padding:2rem;text-align:center}a{display:inline-block;margin-top:1rem;padding:.75rem 1.5rem;border-radius:999px;background:#ff7a45;color:#111113;font-weight:600;text-decoration:none}a:focus-visible{outline:3px solid #f5f2eb;outline-offset:3px}</style></head><body><main role="alert"><p>First Day Studio could not load right now. Please try again in a moment.</p><a href="">Try again</a></main></body></html>`;

/**
 * The page served when every preview worker is in use: the reviewer comes back in `seconds`
 * (sent as a 503 with that Retry-After), and the live site is a click away.
 */
export const previewsBusyNotice = (seconds: number) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Previews are busy · First Day Studio</title><style>html{background:#0e0e10;color:#f5f2eb;font:1.1rem/1.6 system-ui,sans-serif}main{max-width:32rem;margin:20vh auto;padding:2rem;text-align:center}a{display:inline-block;margin:1rem .5rem 0;padding:.75rem 1.5rem;border-radius:999px;background:#ff7a45;color:#111113;font-weight:600;text-decoration:none}a:focus-visible{outline:3px solid #f5f2eb;outline-offset:3px}</style></head><body><main role="alert"><h1>Too many previews are open right now</h1><p>Every preview slot of this server is in use by other reviewers. Please try this link again in ${seconds} s.</p><a href="">Try again</a><a href="/__preview/exit">Go to the live site</a></main></body></html>`;
