import { exposeOf, remoteOf, type PageModuleId } from '../routes/route-table';
import { localPath, remoteFonts } from '../../../platform/render-protocol/remote-file-paths';
import type { RendererSetup } from '../../../platform/render-protocol/worker-protocol';

export interface InlineStyle {
  /** The stylesheet's URL, as the browser's CSS loader names it: it then skips the download. */
  readonly href: string;
  readonly css: string;
}

// Hashed file names never change content, and a worker serves one set of remotes: a stylesheet
// is fetched and rewritten once per worker.
const cache = new Map<string, Promise<string>>();

/** `url(...)` in CSS: double-quoted, single-quoted or bare. */
const cssUrl = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^\s"'()]*))\s*\)/gi;
const urlOf = (match: readonly (string | undefined)[]) => match[1] ?? match[2] ?? match[3] ?? '';

const fontFaceRule = /@font-face\s*\{[^}]*\}/gi;

/**
 * A stylesheet's relative `url(...)`s made absolute. In a file they resolve against the file;
 * inlined into the page they would resolve against the page (another origin, another folder).
 * data: and absolute URLs stay, and so do fragments (`url(#id)` names an element of the page).
 */
export function rebaseUrls(css: string, href: string): string {
  return css.replace(cssUrl, (whole: string, ...groups: (string | undefined)[]) => {
    const ref = urlOf([whole, ...groups]);
    if (ref === '' || ref.startsWith('#') || /^[a-z][a-z\d+.-]*:/i.test(ref)) return whole;
    return `url("${new URL(ref, href).href}")`;
  });
}

/** Points the woff2 sources of a stylesheet's @font-face rules at the page's own origin. */
export function withLocalFonts(css: string, remotes: Readonly<Record<string, string>>): string {
  return css.replace(fontFaceRule, (rule) =>
    rule.replace(cssUrl, (whole: string, ...groups: (string | undefined)[]) => {
      const local = localPath(remoteFonts, urlOf([whole, ...groups]), remotes);
      return local ? `url("${local}")` : whole;
    }),
  );
}

/** An @font-face rule that downloads a woff2 file (not one of local() fallbacks). */
const downloadedFace = (rule: string) =>
  [...rule.matchAll(cssUrl)].some((match) => /\.woff2(?:[?#]|$)/i.test(urlOf(match)));

/**
 * The stylesheets without their downloaded @font-face rules, and those rules, each once. The
 * page paints first in the metric-matched fallback faces, which stay; the rules come after.
 */
export function splitFontFaces(styles: readonly InlineStyle[]): {
  readonly styles: InlineStyle[];
  readonly faces: string[];
} {
  const faces = new Set<string>();
  const rest = styles.map(({ href, css }) => ({
    href,
    css: css.replace(fontFaceRule, (rule) => {
      if (!downloadedFace(rule)) return rule;
      faces.add(rule);
      return '';
    }),
  }));
  return { styles: rest, faces: [...faces] };
}

function fetchCss(url: string, setup: RendererSetup): Promise<string> {
  let css = cache.get(url);
  if (!css) {
    css = fetch(url, { signal: AbortSignal.timeout(setup.deadlineMs) }).then((response) => {
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return response
        .text()
        .then((text) => withLocalFonts(rebaseUrls(text, url), setup.browserRemotes));
    });
    css.catch(() => cache.delete(url));
    cache.set(url, css);
  }
  return css;
}

/** The stylesheets of a remote's exposed modules (all of them, or just one). */
function remoteStylesheets(
  setup: RendererSetup,
  remote: keyof RendererSetup['browserRemotes'],
  expose?: string,
): string[] {
  const manifestUrl = setup.browserRemotes[remote];
  const manifest = setup.manifests[manifestUrl];
  if (!manifest) return [];
  return manifest.exposes
    .filter((entry) => expose === undefined || entry.path === expose)
    .flatMap((entry) => entry.assets.css.sync)
    .map((file) => new URL(file, manifestUrl).href);
}

/**
 * Every stylesheet the first screen of a page needs, to inline into its HTML: the design
 * tokens and primitives, the shell's chrome and the page's own. Inline CSS paints on the first
 * round trip; the browser never downloads these files again.
 */
export async function stylesFor(
  page: PageModuleId | undefined,
  setup: RendererSetup,
): Promise<InlineStyle[]> {
  // A stylesheet that cannot be had in time is left to the browser, which loads it itself.
  const fetchAll = async (urls: string[]) =>
    (
      await Promise.all(
        urls.map((href) =>
          fetchCss(href, setup).then(
            (css) => ({ href, css }),
            () => null,
          ),
        ),
      )
    ).filter((style) => style !== null);
  const [shared, own] = await Promise.all([
    fetchAll(remoteStylesheets(setup, 'remote-shared')),
    fetchAll(page ? remoteStylesheets(setup, remoteOf(page), exposeOf(page)) : []),
  ]);
  // The cascade of the browser: tokens and primitives, then the chrome, then the page.
  return [...shared, ...setup.shell.styles, ...own];
}
