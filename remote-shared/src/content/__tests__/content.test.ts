import * as siteContent from '..';
import * as aboutContent from '../about';
import { pages, socials, studio } from '..';
import * as contactContent from '../contact';
import { contactPage } from '../contact';

/** Every value in the content, with the path that leads to it. */
function* walk(value: unknown, path: string): Generator<[string, unknown]> {
  yield [path, value];
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) yield* walk(child, `${path}.${key}`);
  }
}

const everything = [...walk({ ...siteContent, ...contactContent, ...aboutContent }, 'content')];
const objects = everything.filter(
  (entry): entry is [string, Record<string, unknown>] =>
    typeof entry[1] === 'object' && entry[1] !== null,
);

describe('the content', () => {
  it('links only to https sites, mail, or paths in the site', () => {
    const links = objects.filter(([, o]) => typeof o.href === 'string');
    expect(links.length).toBeGreaterThan(10);
    for (const [path, link] of links) {
      expect([path, link.href]).toEqual([
        path,
        expect.stringMatching(/^(https:\/\/[^\s]+|mailto:[^\s@]+@[^\s@]+|\/[a-z/#-]*)$/),
      ]);
      if ('label' in link) expect([path, String(link.label).trim()]).not.toEqual([path, '']);
    }
  });

  it('gives every picture a size and a text alternative (empty only when decorative)', () => {
    const pictures = objects.filter(([, o]) => typeof o.src === 'string' && 'alt' in o);
    expect(pictures.length).toBeGreaterThan(3);
    for (const [path, picture] of pictures) {
      expect([path, typeof picture.alt]).toEqual([path, 'string']);
      expect([path, Number(picture.width) > 0 && Number(picture.height) > 0]).toEqual([path, true]);
    }
  });

  it('gives every page a title in the studio pattern and a one-sentence description', () => {
    const titles = Object.values(pages).map((page) => page.title);
    expect(new Set(titles).size).toBe(titles.length);
    for (const page of Object.values(pages)) {
      expect(page.title).toContain(studio.name);
      expect(page.title.length).toBeLessThanOrEqual(60);
      expect(page.description).toMatch(/^[^.!?]+[.!?]$/);
      expect(page.description.length).toBeLessThanOrEqual(160);
      expect(page.shareImage).toMatchObject({ width: 1200, height: 630 });
      expect(page.shareImage.alt.length).toBeGreaterThan(0);
    }
  });

  it('names the studio on every social profile, for screen readers', () => {
    for (const social of socials) expect(social.accessibleName).toContain(studio.name);
  });

  it('has a required-field message for every required field, each its own', () => {
    const messages = Object.values(contactPage.fields)
      .map((field) => ('required' in field ? field.required : undefined))
      .filter((message): message is string => Boolean(message));
    expect(messages).toHaveLength(4);
    expect(new Set(messages).size).toBe(messages.length);
  });

  it('holds no empty text anywhere', () => {
    for (const [path, value] of everything) {
      // Deliberately empty: a decorative picture's alt, an optional field's (absent) message
      // and the later words of a shorter service line (its first word is always there).
      if (typeof value === 'string' && !/\.(alt|required|secondword|thirdword)$/.test(path))
        expect([path, value.trim().length > 0]).toEqual([path, true]);
    }
  });
});
