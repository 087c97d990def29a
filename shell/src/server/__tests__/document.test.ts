import { renderDocument } from '../render-worker/document';
import type { RendererSetup } from '../render-worker/worker-protocol';

const setup: RendererSetup = {
  serverRemotes: { 'remote-home': '', 'remote-contact': '', 'remote-shared': '' },
  browserRemotes: { 'remote-home': '', 'remote-contact': '', 'remote-shared': '' },
  manifests: {},
  down: [],
  deadlineMs: 1000,
  siteOrigin: 'https://firstday.studio',
  shell: { scripts: [], preloads: [], styles: [], icon: '' },
};

describe('renderDocument', () => {
  it('preloads the fonts of the inlined CSS before the CSS itself', () => {
    const font = 'http://localhost:3003/media/display.1a2b.woff2';
    const html = renderDocument({
      route: undefined,
      path: '/missing',
      markup: '',
      styles: [
        {
          href: 'http://localhost:3003/tokens.css',
          css: `@font-face{font-family:"Display";src:url("${font}") format("woff2")}`,
        },
      ],
      unavailable: [],
      setup,
    });
    const preload = `<link rel="preload" as="font" type="font/woff2" crossorigin href="${font}">`;
    expect(html).toContain(preload);
    expect(html.indexOf(preload)).toBeLessThan(html.indexOf('<style'));
  });

  it('preloads no font when the CSS names none', () => {
    const html = renderDocument({
      route: undefined,
      path: '/missing',
      markup: '',
      styles: [{ href: '/main.css', css: 'h1{font-family:system-ui}' }],
      unavailable: [],
      setup,
    });
    expect(html).not.toContain('as="font"');
  });
});
