import { render, screen } from '@testing-library/react';
import { aboutPage } from 'remote-shared/about-content';
import { AboutPage } from '../about-page';

describe('AboutPage', () => {
  it('renders its heading, then every paragraph of the text in order, scrolled to the top', () => {
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
    render(<AboutPage />);
    const heading = screen.getByRole('heading', { level: 1, name: aboutPage.heading });
    const rendered = [...document.querySelectorAll('p')].map((p) => p.textContent);
    // What the page shows, not how many paragraphs the content has.
    expect(rendered).toEqual(aboutPage.paragraphs);
    expect(
      heading.compareDocumentPosition(screen.getByText(aboutPage.paragraphs[0]!)) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    scrollTo.mockRestore();
  });
});
