import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from '@firstday/router';
import { navigation, socials } from 'remote-shared/content';
import { PageAt, renderWithRouter } from '../../../../tests/support/dom/render-routes';
import { Navigation } from '../navigation';
import { useMenuState } from '../use-menu-state';

function NavigationWithState() {
  const [open, setOpen] = useMenuState();
  return <Navigation open={open} onOpenChange={setOpen} />;
}

function AboutWithBack() {
  const navigate = useNavigate();
  return (
    <>
      <p>about page</p>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
    </>
  );
}

function renderNavigation(path = '/') {
  return renderWithRouter(
    <>
      <NavigationWithState />
      <PageAt
        pages={{
          '/': <p>home page</p>,
          '/about': <AboutWithBack />,
          '/contact': <p>contact page</p>,
        }}
      />
    </>,
    path,
  );
}

// Both labels are in the DOM: CSS shows the one that fits the popover (jsdom applies no CSS).
const toggle = () =>
  screen.getByRole('button', { name: `${navigation.menuLabel} ${navigation.closeLabel}` });

describe('Navigation', () => {
  it('links the logo home and starts with the overlay closed', () => {
    renderNavigation('/about');
    expect(screen.getByRole('link', { name: navigation.logoLabel })).toHaveAttribute('href', '/');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(toggle()).toHaveAttribute('popovertarget', 'site-menu');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the overlay with every link, socials and the call to action', async () => {
    renderNavigation();
    await userEvent.click(toggle());
    const dialog = screen.getByRole('dialog', { name: navigation.overlayLabel });
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    for (const link of navigation.overlayLinks) {
      expect(within(dialog).getByRole('link', { name: link.label })).toHaveAttribute(
        'href',
        link.href,
      );
    }
    for (const social of socials) {
      const link = within(dialog).getByRole('link', { name: new RegExp(social.accessibleName) });
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(within(dialog).getByText(navigation.overlayCallToAction)).toBeInTheDocument();
  });

  it('locks page scroll while open and releases it on close', async () => {
    renderNavigation();
    await userEvent.click(toggle());
    expect(document.documentElement.style.overflow).toBe('hidden');
    await userEvent.click(toggle());
    expect(document.documentElement.style.overflow).toBe('');
  });

  it('closes on Escape and returns focus to the toggle', async () => {
    renderNavigation();
    await userEvent.click(toggle());
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toggle()).toHaveFocus();
  });

  it('stays closed when the visitor goes back to where it was opened', async () => {
    renderNavigation();
    await userEvent.click(toggle());
    await userEvent.click(screen.getByRole('link', { name: 'About Us' }));
    expect(await screen.findByText('about page')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes when a link navigates', async () => {
    renderNavigation();
    await userEvent.click(toggle());
    await userEvent.click(screen.getByRole('link', { name: 'Contact Us' }));
    expect(await screen.findByText('contact page')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(async () => {});
    expect(document.documentElement.style.overflow).toBe('');
  });
});
