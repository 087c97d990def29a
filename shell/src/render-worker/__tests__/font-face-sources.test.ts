import { fontFaceSource } from '../font-face-sources';

describe('fontFaceSource', () => {
  it("reads a minified rule into FontFace's family, source and descriptors", () => {
    expect(
      fontFaceSource(
        '@font-face{font-display:swap;font-family:Space Grotesk;font-style:normal;font-weight:700;src:url("/_fonts/a.1a2b3c4d.woff2") format("woff2")}',
      ),
    ).toEqual({
      family: 'Space Grotesk',
      source: 'url("/_fonts/a.1a2b3c4d.woff2") format("woff2")',
      descriptors: { display: 'swap', style: 'normal', weight: '700' },
    });
  });

  it('unquotes the family and keeps semicolons inside quotes and parentheses', () => {
    expect(
      fontFaceSource(
        "@font-face { font-family: 'A;B'; src: url(\"/f;1.woff2\") format('woff2'), local(x) ; unicode-range: U+0-7F; size-adjust: 90% }",
      ),
    ).toEqual({
      family: 'A;B',
      source: 'url("/f;1.woff2") format(\'woff2\'), local(x)',
      descriptors: { unicodeRange: 'U+0-7F', sizeAdjust: '90%' },
    });
  });

  it('gives nothing for a rule without a family or a source, and leaves out descriptors FontFace does not take', () => {
    expect(fontFaceSource('@font-face{src:url(/a.woff2)}')).toBeUndefined();
    expect(fontFaceSource('@font-face{font-family:B}')).toBeUndefined();
    expect(
      fontFaceSource('@font-face{font-family:C;src:url(/c.woff2);font-named-instance:x}'),
    ).toEqual({ family: 'C', source: 'url(/c.woff2)', descriptors: {} });
  });
});
