import { render, screen } from '@testing-library/react';
import { aboutPage } from 'remote-shared/content';
import { AboutPage } from '../about-page';

describe('AboutPage', () => {
  it('shows the heading and three paragraphs, scrolled to the top on entry', () => {
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
    render(<AboutPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();
    for (const p of aboutPage.paragraphs) expect(screen.getByText(p)).toBeInTheDocument();
    expect(aboutPage.paragraphs).toHaveLength(3);
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    scrollTo.mockRestore();
  });
});
