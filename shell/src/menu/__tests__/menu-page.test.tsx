import { screen, within } from '@testing-library/react';
import { renderWithRouter } from '../../../../tests/support/dom/render-routes';
import { MenuPage } from '../menu-page';

describe('MenuPage', () => {
  it('links Home, About, Products and Reach Us to real destinations', () => {
    renderWithRouter(<MenuPage />, '/menu');
    const nav = screen.getByRole('navigation', { name: 'Menu' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Home', '/'],
      ['About', '/about'],
      ['Products', '/#work'],
      ['Reach Us', '/contact'],
    ]);
  });
});
