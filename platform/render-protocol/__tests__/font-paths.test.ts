import { localFontPath, remoteFontUrl } from '../font-paths';

const remotes = {
  'remote-home': 'http://localhost:3001/mf-manifest.json',
  'remote-shared': 'http://localhost:3003/mf-manifest.json',
};
const font = 'http://localhost:3003/media/display.1a2b3c4d.woff2';

describe('fonts from the page’s own origin', () => {
  it('maps a remote’s hashed woff2 to a path of the page’s origin, and back', () => {
    const local = localFontPath(font, remotes);
    expect(local).toBe('/_fonts/remote-shared/media/display.1a2b3c4d.woff2');
    expect(remoteFontUrl(local!, remotes)).toBe(font);
  });

  it.each([
    ['another origin', 'http://cdn.example.com/media/display.1a2b3c4d.woff2'],
    ['an unhashed name', 'http://localhost:3003/media/display.woff2'],
    ['another kind of file', 'http://localhost:3003/media/poster.1a2b3c4d.webp'],
  ])('leaves %s where it is', (_, url) => {
    expect(localFontPath(url, remotes)).toBeUndefined();
  });

  it.each([
    ['an unknown remote', '/_fonts/remote-x/media/display.1a2b3c4d.woff2'],
    ['an inherited property as remote', '/_fonts/__proto__/media/display.1a2b3c4d.woff2'],
    ['a step out of the build', '/_fonts/remote-shared/../secret.1a2b3c4d.woff2'],
    ['an unhashed name', '/_fonts/remote-shared/media/display.woff2'],
    ['anything but a font', '/_fonts/remote-shared/remoteEntry.1a2b3c4d.js'],
  ])('names nothing for %s', (_, pathname) => {
    expect(remoteFontUrl(pathname, remotes)).toBeUndefined();
  });
});
