import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { contactPage } from 'remote-shared/contact-content';
import { ThankYouDialog } from '../thank-you-dialog';

function Harness() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={opener} onClick={() => setOpen(true)}>
        Send
      </button>
      <ThankYouDialog open={open} onClose={() => setOpen(false)} returnFocusTo={opener} />
    </>
  );
}

async function openDialog() {
  const user = userEvent.setup();
  render(<Harness />);
  await user.click(screen.getByRole('button', { name: 'Send' }));
  const dialog = await screen.findByRole('dialog', { name: contactPage.thankYouTitle });
  return { user, dialog };
}

describe('the thank-you popup', () => {
  it('is a modal dialog with its text, focus on Close', async () => {
    const { dialog } = await openDialog();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(contactPage.thankYouText);
    expect(screen.getByRole('button', { name: contactPage.thankYouClose })).toHaveFocus();
  });

  it('closes on Escape and returns focus', async () => {
    const { user } = await openDialog();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toHaveFocus();
  });

  it('closes on Close', async () => {
    const { user } = await openDialog();
    await user.click(screen.getByRole('button', { name: contactPage.thankYouClose }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toHaveFocus();
  });

  it('closes on a click anywhere on it: its text, or the backdrop', async () => {
    const { user } = await openDialog();
    await user.click(screen.getByText(contactPage.thankYouText));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(dialog.parentElement!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps Tab inside while open', async () => {
    const { user } = await openDialog();
    await user.tab();
    expect(screen.getByRole('button', { name: contactPage.thankYouClose })).toHaveFocus();
  });
});
