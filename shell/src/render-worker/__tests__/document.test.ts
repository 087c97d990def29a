import { renderDocument } from '../document';
import { routeFor } from '../../routes/route-table';
import type { RendererSetup } from '../../../../platform/render-protocol/worker-protocol';

const setup: RendererSetup = {
  serverRemotes: { 'remote-home': '', 'remote-contact': '', 'remote-shared': '' },
  browserRemotes: { 'remote-home': '', 'remote-contact': '', 'remote-shared': '' },
  manifests: {},
  down: [],
  deadlineMs: 1000,
  siteOrigin: 'https://firstday.studio',
  shell: { scripts: [], preloads: [], styles: [], icon: '' },
  field: { set: '0123456789ab', lane: 'live' },
};

describe('renderDocument', () => {
  const face =
    '@font-face{font-family:"Display";src:url("/_fonts/remote-shared/d.1a2b3c4d.woff2")}';
  const fallback = '@font-face{font-family:"Display Fallback";src:local("Arial")}';
  const render = (css: string) =>
    renderDocument({
      route: undefined,
      markup: '',
      styles: [{ href: 'http://localhost:3003/tokens.css', css }],
      unavailable: [],
      setup,
    });

  it('paints first with the fallback faces and defines the font when the client starts', () => {
    const html = render(`${face}${fallback}h1{font-family:Display}`);
    const inlined = /<style data-href="[^"]*">([^<]*)<\/style>/.exec(html)?.[1];
    expect(inlined).toBe(`${fallback}h1{font-family:Display}`);
    // Nothing asks for the font before the page has painted: no preload, no face in the CSS.
    expect(html).not.toContain('rel="preload" as="font"');
    // Defined by the client's loader as it starts the scripts: after the first screen painted.
    const loader = /<script>(\(function\(\)\{var d=document,w=window[^<]*)<\/script>/.exec(
      html,
    )?.[1];
    const start = loader?.slice(loader.indexOf('function go(){'));
    // Through the FontFace API, loaded before it is added: no stylesheet for Blink to take in.
    expect(start?.slice(0, start.indexOf('.forEach(function(s){'))).toContain(
      `if(w.FontFace)requestAnimationFrame(function fontsNextFrame(){requestAnimationFrame(function loadFonts(){${JSON.stringify(
        [
          {
            family: 'Display',
            source: 'url("/_fonts/remote-shared/d.1a2b3c4d.woff2")',
            descriptors: {},
          },
        ],
      )}.forEach(function(x){var f=new FontFace(x.family,x.source,x.descriptors);f.load().then(function(){d.fonts.add(f)}`,
    );
    // Without scripts the face is defined at once.
    expect(html).toMatch(/<noscript><style>[^<]*@font-face\{font-family:"Display";src:url/);
  });

  it('adds no font loader when the CSS downloads no font', () => {
    const html = render(`${fallback}h1{font-family:system-ui}`);
    expect(html).not.toContain('FontFace');
    expect(html).toContain(fallback);
  });

  it("serves the first screen's images from the page's own origin, and no other", () => {
    const shared = 'http://localhost:3003/mf-manifest.json';
    const poster = 'http://localhost:3003/media/hero-poster.91db2817.webp';
    const later = 'http://localhost:3003/media/decor.f824b357.webp';
    const html = renderDocument({
      route: routeFor('/'),
      markup: [
        `<img src="${poster}" width="224" height="126" alt="" fetchPriority="low" data-first-screen=""/>`,
        `<img loading="lazy" src="${later}" alt=""/>`,
        `<img data-first-screen="" src="https://elsewhere.example.com/a.1a2b3c4d.webp" alt=""/>`,
      ].join(''),
      styles: [],
      unavailable: [],
      setup: { ...setup, browserRemotes: { ...setup.browserRemotes, 'remote-shared': shared } },
    });
    const local = '/_media/remote-shared/media/hero-poster.91db2817.webp';
    expect(html).toContain(`<img src="${local}" width="224"`);
    expect(html).toContain(`src="${later}"`);
    expect(html).toContain('src="https://elsewhere.example.com/a.1a2b3c4d.webp"');
  });

  it('holds the first paint until the end of a first screen the page marks, and only then', () => {
    const page = (markup: string) =>
      renderDocument({ route: routeFor('/'), markup, styles: [], unavailable: [], setup });
    const wait = '<link rel="expect" href="#first-screen-end" blocking="render">';
    const marked = page(
      '<section><h1>Hi</h1><span id="first-screen-end" hidden=""></span></section>',
    );
    // In the head: a render-blocking link in the body does nothing.
    expect(marked.indexOf(wait)).toBeGreaterThan(0);
    expect(marked.indexOf(wait)).toBeLessThan(marked.indexOf('</head>'));
    expect(page('<section><h1>Hi</h1></section>')).not.toContain('rel="expect"');
  });

  it('marks a private page noindex, without a canonical URL, and a public one canonical', () => {
    const head = (path: string) =>
      renderDocument({ route: routeFor(path), markup: '', styles: [], unavailable: [], setup });
    const staff = head('/staff');
    expect(staff).toContain('<meta name="robots" content="noindex">');
    expect(staff).not.toContain('rel="canonical"');
    const contact = head('/contact');
    expect(contact).toContain('<link rel="canonical" href="https://firstday.studio/contact">');
    expect(contact).not.toContain('noindex');
  });

  it('tags the page with its version set, and marks a preview noindex with its releases in the state', () => {
    const about = routeFor('/about');
    const live = renderDocument({ route: about, markup: '', styles: [], unavailable: [], setup });
    expect(live).toContain('"field":{"set":"0123456789ab","lane":"live"}');
    expect(live).not.toContain('"preview"');
    const preview = renderDocument({
      route: about,
      markup: '',
      styles: [],
      unavailable: [],
      setup: {
        ...setup,
        field: { set: '0123456789ab', lane: 'preview' },
        preview: {
          releases: { 'remote-home': '1.5.0+abc1234' },
          expiresAt: '2026-12-01T00:00:00Z',
        },
      },
    });
    expect(preview).toContain('<meta name="robots" content="noindex">');
    expect(preview).not.toContain('rel="canonical"');
    expect(preview).toContain('"preview":{"releases":{"remote-home":"1.5.0+abc1234"}');
  });
});
