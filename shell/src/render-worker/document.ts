import { mailtoHref, pages, socials, studio } from 'remote-shared/content';
import { tapCaptureScript, visitLandingScript } from 'remote-shared/hooks';
import { serializeServerState, serverStateElementId } from '../server-state/server-state';
import { exposeOf, remoteOf, type PageModuleId, type SiteRoute } from '../routes/route-table';
import { splitFontFaces, type InlineStyle } from './stylesheets';
import { fontFaceSource, type FontFaceSource } from './font-face-sources';
import type { RendererSetup } from '../../../platform/render-protocol/worker-protocol';
import { clientStartDeadlineMs } from '../../../platform/deadlines.cjs';
import { localPath, remoteImages } from '../../../platform/render-protocol/remote-file-paths';
import { firstScreenEndId } from '../../../platform/render-protocol/first-screen';

/** CSS inside a <style> element: a "</" would end the element early. */
const inlineCss = (css: string) => css.replace(/<\//g, '<\\/');

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** JSON inside a <script>: nothing in it may close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The studio as search engines read it. */
function organization(setup: RendererSetup): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: studio.name,
    url: `${setup.siteOrigin}/`,
    logo: studio.logo,
    email: mailtoHref(studio.email),
    sameAs: socials.map((social) => social.href),
  };
}

function headTags(route: SiteRoute | undefined, setup: RendererSetup): string {
  const meta = pages[route?.page ?? 'notFound'];
  // A 404 has no address of its own to share: one page stands for every unknown path.
  const url = route ? `${setup.siteOrigin}${route.path}` : undefined;
  // Search engines index a known, public page; a 404, a private page (the route table's
  // clientOnly, the staff inbox) or a reviewer's preview gets robots noindex and no canonical URL.
  const indexed = url !== undefined && !route?.clientOnly && !setup.preview;
  const image = meta.shareImage;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    indexed
      ? `<link rel="canonical" href="${escapeHtml(url)}">`
      : '<meta name="robots" content="noindex">',
    '<meta property="og:type" content="website">',
    `<meta property="og:site_name" content="${escapeHtml(studio.name)}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    ...(url ? [`<meta property="og:url" content="${escapeHtml(url)}">`] : []),
    `<meta property="og:image" content="${escapeHtml(image.src)}">`,
    `<meta property="og:image:width" content="${image.width}">`,
    `<meta property="og:image:height" content="${image.height}">`,
    `<meta property="og:image:alt" content="${escapeHtml(image.alt)}">`,
    '<meta name="twitter:card" content="summary_large_image">',
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}">`,
    `<meta name="twitter:image" content="${escapeHtml(image.src)}">`,
    `<meta name="twitter:image:alt" content="${escapeHtml(image.alt)}">`,
    `<script type="application/ld+json">${scriptJson(organization(setup))}</script>`,
  ];
  return tags.join('');
}

/**
 * remote-shared's modules only one page uses, by the page: the others never ask for them. The
 * staff inbox is never server-rendered, so its texts are never warmed.
 */
const pageOnlyExposes: Readonly<Record<string, PageModuleId>> = {
  './staff-content': 'remote-contact/staff-inbox',
  './contact-content': 'remote-contact/contact-page',
  './about-content': 'remote-home/about-page',
};

/** The files the page's client will ask for first: fetched alongside main.js, after paint. */
function warmFiles(page: PageModuleId | undefined, setup: RendererSetup): string[] {
  const remoteFiles = (remote: keyof RendererSetup['browserRemotes'], expose?: string) => {
    const manifestUrl = setup.browserRemotes[remote];
    const manifest = setup.manifests[manifestUrl];
    if (!manifest) return [];
    const files = manifest.exposes
      .filter((entry) =>
        expose === undefined
          ? (pageOnlyExposes[entry.path] ?? page) === page
          : entry.path === expose,
      )
      .flatMap((entry) => entry.assets.js.sync);
    return [manifest.metaData.remoteEntry.name, ...files].map(
      (file) => new URL(file, manifestUrl).href,
    );
  };
  return [
    ...setup.shell.preloads,
    ...remoteFiles('remote-shared'),
    ...(page ? remoteFiles(remoteOf(page), exposeOf(page)) : []),
  ];
}

/**
 * Starts the client as soon as that cannot delay the first screen: once it has painted and the
 * images it shows have been decoded and painted too (the largest paint of a page is its hero
 * text or poster), or at the visitor's first intent (a pointer or key down, focus, scroll),
 * whichever comes first; at the latest after clientStartDeadlineMs. Started at the image's
 * load event, scripts could finish before its (asynchronously decoded) paint, and Lighthouse's
 * simulation then counted them against LCP (0.92 s or 2.1-2.4 s in alternate runs on /). The
 * load event waited for every other image as well.
 * "Painted" is the first contentful paint's timing entry, which the browser records once that
 * frame is on screen. A frame callback runs before its frame is drawn, and on a busy machine the
 * frame reached the screen 0.1-1.1 s after the loader had started the scripts (Lighthouse's
 * observed first paint 1.2 s on /contact in 3 of 3 runs, so its simulation counted every script
 * against LCP: 2.2-2.4 s). A browser without paint entries waits for a frame callback instead.
 * `?client-start=load|paint|screen|intent` forces one of the choices alone, so that the bench
 * can measure each (`npm run bench -- --client-start ...`).
 * The scripts start first; the files they will ask for are then warmed one per task, the first
 * in the task after them: starting a fetch costs the main thread 0.3-8.5 ms on a phone (Blink's
 * ResourceFetcher::requestResource in traces at 4x), and all 13 in one timer task made a
 * 46-87 ms task right after the first paint.
 * The display font's faces are loaded two frames later (`faces`, empty for none): on a busy
 * machine the poster's frame can be presented after the loader has run. Requested
 * any earlier (preloaded, or by the first layout), the font shares a phone's first round trips
 * with the page and delays its largest paint (about 0.1 s on slow 4G, measured); the first
 * paint uses the metric-matched fallback faces instead, so the swap that follows moves nothing.
 * Defined after the first frame instead, the font still arrived before the poster's paint in
 * about half of Lighthouse's runs on /, and its simulation then counted it: LCP 0.91 s in those
 * runs, 0.78 s in the others.
 * Its callbacks are named, so that a trace or the Long Animation Frames API says which ran.
 */
function clientLoader(
  scripts: readonly string[],
  preloads: readonly string[],
  faces: readonly FontFaceSource[],
): string {
  return `(function(){var d=document,w=window,done=0,intents=["pointerdown","touchstart","keydown","focusin","scroll"],only=(/[?&]client-start=(load|paint|screen|intent)(?![a-z])/.exec(location.search)||[])[1];function go(){if(done++)return;intents.forEach(function(t){w.removeEventListener(t,go,true)});${
    faces.length
      ? `if(w.FontFace)requestAnimationFrame(function fontsNextFrame(){requestAnimationFrame(function loadFonts(){${scriptJson(faces)}.forEach(function(x){var f=new FontFace(x.family,x.source,x.descriptors);f.load().then(function(){d.fonts.add(f)},function(){})})})});`
      : ''
  }${scriptJson(
    scripts,
  )}.forEach(function(s){var e=d.createElement("script");e.src=s;e.async=false;d.body.appendChild(e)});var p=${scriptJson(
    preloads,
  )},i=0;function warm(){if(i>=p.length)return;var l=d.createElement("link");l.rel="preload";l.as="script";l.href=p[i++];d.head.appendChild(l);setTimeout(warm,0)}setTimeout(warm,0)}function afterFrame(){requestAnimationFrame(function goAfterFrame(){setTimeout(go,0)})}function afterPaint(){requestAnimationFrame(afterFrame)}function decodeImages(){var n=0;[].forEach.call(d.images,function(i){if(i.loading==="lazy")return;n++;function one(){if(!--n)afterPaint()}if(i.complete&&i.decode)i.decode().then(one,one);else if(i.complete)one();else{i.addEventListener("load",function(){i.decode?i.decode().then(one,one):one()});i.addEventListener("error",one)}});if(!n)go()}function afterScreen(){var P=w.PerformanceObserver,o;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){o=new P(function screenPainted(l){if(!l.getEntriesByName("first-contentful-paint").length)return;o.disconnect();decodeImages()});o.observe({type:"paint",buffered:true})}else requestAnimationFrame(function screenPainted(){setTimeout(decodeImages,0)})}if(!only||only==="intent")intents.forEach(function(t){w.addEventListener(t,go,{capture:true,passive:true})});if(only==="load"){if(d.readyState==="complete")afterFrame();else w.addEventListener("load",afterFrame)}else if(only==="paint")afterFrame();else if(only!=="intent")afterScreen();setTimeout(go,${clientStartDeadlineMs})})();`;
}

/**
 * The first screen's images (marked data-first-screen: the hero poster) from the page's own
 * origin: on a remote's origin a phone first opens a second connection for them (Lighthouse's
 * simulation counted it when the poster was the LCP of /: 0.91 s against the floor's 0.75).
 * Hydration keeps the server's address (the same file); a page rendered in the browser later
 * loads it from the remote, as every other image.
 */
function firstScreenImagesHere(markup: string, setup: RendererSetup): string {
  return markup.replace(/<img\b[^>]*\bdata-first-screen=""[^>]*>/gi, (tag) =>
    tag.replace(/\b(src|href)="([^"]*)"/g, (attribute, name: string, url: string) => {
      const local = localPath(remoteImages, url, setup.browserRemotes);
      return local ? `${name}="${local}"` : attribute;
    }),
  );
}

/**
 * For a page that marks the end of its first screen (firstScreenEndId), the browser paints
 * nothing before the parser has reached it; for any other page, nothing. A browser without
 * `rel=expect` paints as the HTML arrives, as before.
 */
function firstScreenWait(markup: string): string {
  return markup.includes(` id="${firstScreenEndId}"`)
    ? `<link rel="expect" href="#${firstScreenEndId}" blocking="render">`
    : '';
}

export interface DocumentParts {
  readonly route: SiteRoute | undefined;
  readonly markup: string;
  readonly styles: readonly InlineStyle[];
  readonly unavailable: readonly PageModuleId[];
  readonly setup: RendererSetup;
}

/** The whole HTML document of one server-rendered page. */
export function renderDocument({
  route,
  markup,
  styles,
  unavailable,
  setup,
}: DocumentParts): string {
  const page = route?.module && !unavailable.includes(route.module) ? route.module : undefined;
  const { styles: firstPaint, faces } = splitFontFaces(styles);
  const state = serializeServerState({
    remotes: setup.browserRemotes,
    manifests: setup.manifests,
    unavailable,
    field: setup.field,
    ...(setup.preview ? { preview: setup.preview } : {}),
  });
  return [
    '<!doctype html><html lang="en"><head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="theme-color" content="#0e0e10">',
    headTags(route, setup),
    setup.shell.icon,
    // First, before anything can be tapped: taps on controls that have not hydrated yet are
    // recorded and replayed by each control once it has.
    `<script>${tapCaptureScript}</script>`,
    // And where the visit came from, before a tap on a link could leave the landing page.
    `<script>${visitLandingScript}</script>`,
    // Each inlined stylesheet names its file (data-href): the CSS loader of each app finds it
    // there and does not download and apply the file a second time (which would also fetch
    // its fonts again, from their remote origin).
    ...firstPaint.map(
      (style) => `<style data-href="${escapeHtml(style.href)}">${inlineCss(style.css)}</style>`,
    ),
    // Without scripts, what cannot work without them says so instead (the contact form), and
    // the display font is defined at once.
    `<noscript><style>[data-requires-script]{display:none!important}${inlineCss(faces.join(''))}</style></noscript>`,
    firstScreenWait(markup),
    '</head><body>',
    `<div id="root">${firstScreenImagesHere(markup, setup)}</div>`,
    `<script type="application/json" id="${serverStateElementId}">${state}</script>`,
    `<script>${clientLoader(
      setup.shell.scripts,
      warmFiles(page, setup),
      faces.flatMap((rule) => fontFaceSource(rule) ?? []),
    )}</script>`,
    '</body></html>',
  ].join('');
}
