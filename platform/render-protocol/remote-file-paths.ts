/**
 * A remote's files from the page's own origin, where a phone needs no second connection (DNS,
 * TCP) to reach them before the first screen: the display font (a remote origin would cost it
 * on /about and /contact, where nothing else there is needed early) and the first screen's
 * images (the hero poster, the LCP of /). The render worker points the page at
 * /_fonts/<remote>/<file> and /_media/<remote>/<file>, and the render server answers those from
 * the remote's build: fetched once (hashed names never change content), then from memory, as a
 * CDN in front would.
 */
export interface RemoteFileKind {
  readonly prefix: string;
  /** Only files of a production build: hashed names, in plain folders. */
  readonly file: RegExp;
  readonly contentType: (file: string) => string;
}

export const remoteFonts: RemoteFileKind = {
  prefix: '/_fonts/',
  file: /^(?:[\w-]+\/)*[\w-]+(?:\.[\w-]+)*\.[0-9a-f]{8}\.woff2$/,
  contentType: () => 'font/woff2',
};

const imageTypes: Readonly<Record<string, string>> = {
  webp: 'image/webp',
  avif: 'image/avif',
  jpg: 'image/jpeg',
  png: 'image/png',
};

export const remoteImages: RemoteFileKind = {
  prefix: '/_media/',
  file: /^(?:[\w-]+\/)*[\w-]+(?:\.[\w-]+)*\.[0-9a-f]{8}\.(?:webp|avif|jpg|png)$/,
  contentType: (file) => imageTypes[file.slice(file.lastIndexOf('.') + 1)] ?? 'image/webp',
};

type Remotes = Readonly<Record<string, string>>;

const baseOf = (manifestUrl: string) => new URL('.', manifestUrl).href;

/** The same-origin path of a remote's file of this kind, or undefined for any other URL. */
export function localPath(kind: RemoteFileKind, url: string, remotes: Remotes): string | undefined {
  for (const [alias, manifestUrl] of Object.entries(remotes)) {
    if (!URL.canParse(manifestUrl)) continue;
    const base = baseOf(manifestUrl);
    if (!url.startsWith(base)) continue;
    const file = url.slice(base.length);
    return kind.file.test(file) ? `${kind.prefix}${alias}/${file}` : undefined;
  }
  return undefined;
}

/** The remote URL a same-origin path of this kind stands for, or undefined if it names none. */
export function remoteUrl(
  kind: RemoteFileKind,
  pathname: string,
  remotes: Remotes,
): string | undefined {
  if (!pathname.startsWith(kind.prefix)) return undefined;
  const [alias = '', ...rest] = pathname.slice(kind.prefix.length).split('/');
  const file = rest.join('/');
  const manifestUrl = Object.hasOwn(remotes, alias) ? remotes[alias] : undefined;
  if (!manifestUrl || !kind.file.test(file)) return undefined;
  return new URL(file, baseOf(manifestUrl)).href;
}
