/**
 * The display font from the page's own origin. The inlined CSS would name it on remote-shared's
 * origin, where it costs a phone a second connection (DNS, TCP) that nothing else on /about or
 * /contact needs. The render worker points @font-face at
 * /_fonts/<remote>/<file> instead, and the render server answers that from the remote's build:
 * fetched once (hashed names never change content), then from memory, as a CDN in front would.
 */
export const fontPathPrefix = '/_fonts/';

/** Only fonts of a production build: hashed woff2 files, in plain folders. */
const hashedFont = /^(?:[\w-]+\/)*[\w-]+(?:\.[\w-]+)*\.[0-9a-f]{8}\.woff2$/;

type Remotes = Readonly<Record<string, string>>;

const baseOf = (manifestUrl: string) => new URL('.', manifestUrl).href;

/** The same-origin path of a remote's font, or undefined for any other URL. */
export function localFontPath(url: string, remotes: Remotes): string | undefined {
  for (const [alias, manifestUrl] of Object.entries(remotes)) {
    const base = baseOf(manifestUrl);
    if (!url.startsWith(base)) continue;
    const file = url.slice(base.length);
    return hashedFont.test(file) ? `${fontPathPrefix}${alias}/${file}` : undefined;
  }
  return undefined;
}

/** The remote URL a same-origin font path stands for, or undefined if it names none. */
export function remoteFontUrl(pathname: string, remotes: Remotes): string | undefined {
  if (!pathname.startsWith(fontPathPrefix)) return undefined;
  const [alias = '', ...rest] = pathname.slice(fontPathPrefix.length).split('/');
  const file = rest.join('/');
  const manifestUrl = Object.hasOwn(remotes, alias) ? remotes[alias] : undefined;
  if (!manifestUrl || !hashedFont.test(file)) return undefined;
  return new URL(file, baseOf(manifestUrl)).href;
}
