import { selectorOf } from '../selector-of';

describe('selectorOf', () => {
  it('names an element from the nearest id down, classes joined by dots', () => {
    document.body.innerHTML =
      '<main id="main"><section class="hero  dark"><div><img class="poster"></div></section></main>';
    expect(selectorOf(document.querySelector('img'))).toBe(
      '#main>section.hero.dark>div>img.poster',
    );
    expect(selectorOf(document.getElementById('main'))).toBe('#main');
  });

  it('keeps to 100 characters, dropping the outer parts first', () => {
    const long = 'x'.repeat(60);
    document.body.innerHTML = `<div class="${long}"><p class="${long}"><span>a</span></p></div>`;
    const selector = selectorOf(document.querySelector('span'));
    expect(selector).toBe(`p.${long}>span`);
    expect(selector!.length).toBeLessThan(100);
  });

  it('says nothing of no element', () => {
    expect(selectorOf(null)).toBeUndefined();
    expect(selectorOf(undefined)).toBeUndefined();
  });
});
