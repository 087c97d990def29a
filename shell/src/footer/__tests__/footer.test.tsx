import { screen } from '@testing-library/react';
import { footer, socials, studio } from 'remote-shared/content';
import { renderWithRouter } from '../../../../tests/support/dom/render-routes';
import { Footer } from '../footer';

describe('Footer', () => {
  it('invites, links mail and contact, lists the socials and the 2022 copyright', () => {
    renderWithRouter(<Footer />);
    expect(screen.getByRole('heading', { name: 'Ready to start your First Day?' })).toBeVisible();
    expect(screen.getByRole('link', { name: studio.email })).toHaveAttribute(
      'href',
      'mailto:info@firstday.studio',
    );
    expect(screen.getByRole('link', { name: footer.contactLink.label })).toHaveAttribute(
      'href',
      '/contact',
    );
    for (const social of socials) {
      expect(
        screen.getByRole('link', { name: `${social.accessibleName} (opens in a new tab)` }),
      ).toHaveAttribute('href', social.href);
    }
    expect(screen.getByText(/© 2022 First Day Studio/)).toBeVisible();
  });

  it('can be made inert while the menu overlay is open', () => {
    renderWithRouter(<Footer inert />);
    expect(screen.getByRole('contentinfo', { hidden: true })).toHaveAttribute('inert');
  });
});
