import { localPath, remoteFonts, remoteImages, remoteUrl } from '../remote-file-paths';

const localFontPath = (url: string, remotes: Record<string, string>) =>
  localPath(remoteFonts, url, remotes);
const remoteFontUrl = (pathname: string, remotes: Record<string, string>) =>
  remoteUrl(remoteFonts, pathname, remotes);

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

describe('first-screen images from the page’s own origin', () => {
  const poster = 'http://localhost:3003/media/hero-poster.91db2817.webp';

  it('maps a remote’s hashed image to a path of the page’s origin, and back', () => {
    const local = localPath(remoteImages, poster, remotes);
    expect(local).toBe('/_media/remote-shared/media/hero-poster.91db2817.webp');
    expect(remoteUrl(remoteImages, local!, remotes)).toBe(poster);
    expect(remoteImages.contentType(local!)).toBe('image/webp');
  });

  it.each([
    ['a script', '/_media/remote-shared/remoteEntry.1a2b3c4d.js'],
    ['a font', '/_media/remote-shared/media/display.1a2b3c4d.woff2'],
    ['an svg (it could carry script)', '/_media/remote-shared/media/logo.1a2b3c4d.svg'],
    ['a step out of the build', '/_media/remote-shared/../secret.1a2b3c4d.webp'],
  ])('names nothing for %s', (_, pathname) => {
    expect(remoteUrl(remoteImages, pathname, remotes)).toBeUndefined();
  });
});
