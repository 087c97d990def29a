import floorPage from '../floor-page.cjs';

describe('the floor page', () => {
  it('asks for nothing but itself: its icon is inline, as the site pages declare theirs', () => {
    const html = floorPage.floorHtml('We are a full service Digital Agency.');
    const page = new DOMParser().parseFromString(html, 'text/html');
    expect(page.querySelector('link[rel="icon"]')?.getAttribute('href')).toMatch(/^data:/);
    const references = [...page.querySelectorAll('[src], [href]')].map(
      (element) => element.getAttribute('src') ?? element.getAttribute('href'),
    );
    expect(references.filter((reference) => !reference?.startsWith('data:'))).toEqual([]);
    expect(page.querySelector('h1')?.textContent).toBe('We are a full service Digital Agency.');
  });
});
