import { rebaseUrls, splitFontFaces, withLocalFonts } from '../stylesheets';

const href = 'http://localhost:3003/css/tokens.1a2b.css';

describe('rebaseUrls', () => {
  it('resolves relative urls against the stylesheet, in every quoting', () => {
    expect(
      rebaseUrls(
        '@font-face{src:url(../media/a.woff2) format("woff2")}' +
          ".b{background:url('img/b.webp')}" +
          '.c{background:url( "/media/c.png" )}',
        href,
      ),
    ).toBe(
      '@font-face{src:url("http://localhost:3003/media/a.woff2") format("woff2")}' +
        '.b{background:url("http://localhost:3003/css/img/b.webp")}' +
        '.c{background:url("http://localhost:3003/media/c.png")}',
    );
  });

  it('leaves data:, absolute and fragment urls alone', () => {
    const css =
      '.a{background:url(data:image/svg+xml;base64,PHN2Zz4=)}' +
      '.b{background:url("https://cdn.example.com/b.png")}' +
      ".c{mask:url('#shape')}" +
      '.d{background:url()}';
    expect(rebaseUrls(css, href)).toBe(css);
  });

  it('keeps a url that needs quoting inside its quotes', () => {
    expect(rebaseUrls('.a{background:url("my image (1).png")}', href)).toBe(
      '.a{background:url("http://localhost:3003/css/my%20image%20(1).png")}',
    );
  });

  it('changes nothing else in the stylesheet', () => {
    const css = ':root{--fd-color-bg:#0e0e10}h1{font-family:var(--fd-font-display)}';
    expect(rebaseUrls(css, href)).toBe(css);
  });
});

describe('splitFontFaces', () => {
  const font = 'http://localhost:3003/media/space-grotesk-subset.1a2b.woff2';
  const face = `@font-face{font-family:"Display";src:url("${font}") format("woff2");font-display:swap}`;
  const fallback = '@font-face{font-family:"Display Fallback";src:local("Arial");size-adjust:102%}';

  it('takes out the faces that download a woff2 file, each once, and keeps the fallbacks', () => {
    const { styles, faces } = splitFontFaces([
      { href, css: `${face}${fallback}h1{font-family:Display}` },
      { href: '/main.css', css: `.a{color:red}${face}` },
    ]);
    expect(faces).toEqual([face]);
    expect(styles).toEqual([
      { href, css: `${fallback}h1{font-family:Display}` },
      { href: '/main.css', css: '.a{color:red}' },
    ]);
  });

  it('leaves other fonts and urls outside @font-face where they are', () => {
    const css =
      '@font-face{font-family:"Old";src:url(/old.woff) format("woff")}' +
      '.hero{background:url(/poster.woff2.webp)}';
    expect(splitFontFaces([{ href, css }])).toEqual({ styles: [{ href, css }], faces: [] });
  });
});

describe('withLocalFonts', () => {
  const remotes = {
    'remote-home': 'http://localhost:3001/mf-manifest.json',
    'remote-shared': 'http://localhost:3003/mf-manifest.json',
  };
  const font = 'http://localhost:3003/media/display.1a2b3c4d.woff2';

  it('rewrites the sources of @font-face rules only', () => {
    const css =
      `@font-face{font-family:D;src:url("${font}") format("woff2")}` +
      `.hero{background:url("http://localhost:3003/media/bg.1a2b3c4d.woff2")}`;
    expect(withLocalFonts(css, remotes)).toBe(
      '@font-face{font-family:D;src:url("/_fonts/remote-shared/media/display.1a2b3c4d.woff2") format("woff2")}' +
        '.hero{background:url("http://localhost:3003/media/bg.1a2b3c4d.woff2")}',
    );
  });
});
