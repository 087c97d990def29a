/**
 * Shown when the shell cannot start at all (remote-shared, which holds the design system and
 * content, is unreachable). Plain DOM on purpose: nothing it needs can be missing.
 */
export function showStartupFailure(root: HTMLElement, error: unknown): void {
  console.error('The site could not start:', error);
  // A server-rendered page is still worth reading without its scripts: leave it as it is.
  if (root.hasChildNodes()) return;
  const box = document.createElement('div');
  box.setAttribute('role', 'alert');
  box.style.cssText =
    'max-width:32rem;margin:20vh auto;padding:2rem;font:1.1rem/1.6 system-ui,sans-serif;color:#f5f2eb;text-align:center';
  const message = document.createElement('p');
  message.textContent = 'First Day Studio could not load right now. Please try again in a moment.';
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.textContent = 'Try again';
  retry.style.cssText =
    'margin-top:1rem;padding:.75rem 1.5rem;border:0;border-radius:999px;background:#ff7a45;color:#111113;font:inherit;font-weight:600;cursor:pointer';
  retry.addEventListener('click', () => window.location.reload());
  box.append(message, retry);
  root.append(box);
  document.body.style.background = '#0e0e10';
}
