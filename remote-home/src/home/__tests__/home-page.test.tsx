import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '@firstday/router';
import { aboutBlock, hero, intro } from 'remote-shared/content';
import { HomePage } from '../home-page';

beforeEach(() => {
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => jest.restoreAllMocks());

describe('HomePage', () => {
  it('composes the sections in order, with lazy media below the fold', async () => {
    const { container } = render(
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>,
    );
    // Rendered in the browser (no server HTML to keep), the sections below the fold load at once.
    await screen.findByRole('heading', { name: 'Our Services' });
    const headings = screen.getAllByRole('heading').map((h) => h.textContent);
    expect(headings.slice(0, 4)).toEqual([
      hero.headline,
      intro.headline,
      aboutBlock.heading,
      'The team',
    ]);
    expect(headings).toContain('Our Work');
    expect(headings).toContain('Our Services');
    const knowMore = screen.getAllByRole('link', { name: intro.knowMore.label });
    for (const link of knowMore) expect(link).toHaveAttribute('href', '/about');
    const images = Array.from(container.querySelectorAll('img'));
    const [poster, ...rest] = images;
    expect(poster).toHaveAttribute('data-first-screen', '');
    for (const img of rest) {
      expect(img).toHaveAttribute('loading', 'lazy');
      expect(img).toHaveAttribute('width');
      expect(img).toHaveAttribute('height');
    }
    const band = Array.from(container.querySelectorAll('video')).find((v) => !v.autoplay)!;
    expect(band).toHaveAttribute('preload', 'none');
    expect(band.querySelector('source')).toBeNull();
  });
});
