import { render, screen } from '@testing-library/react';
import { contactPage } from 'remote-shared/contact-content';
import { ContactPage } from '../contact-page';

describe('the Contact page', () => {
  it('has the heading, the invitation and the form', () => {
    render(<ContactPage writer={{ write: jest.fn(), preload: jest.fn() }} />);
    expect(screen.getByRole('heading', { level: 1, name: contactPage.heading })).toBeVisible();
    expect(screen.getByText(contactPage.invitation)).toBeVisible();
    expect(screen.getByRole('form', { name: contactPage.formLabel })).toBeVisible();
  });

  it('starts at the top on entry', () => {
    const scrollTo = jest.spyOn(window, 'scrollTo');
    render(<ContactPage writer={{ write: jest.fn(), preload: jest.fn() }} />);
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  });
});
