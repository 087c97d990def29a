import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { useFocusTrap } from '../use-focus-trap';

function Modal({ open }: { open: boolean }) {
  const dialog = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  useFocusTrap([dialog], open, {
    onEscape: () => undefined,
    initialFocus: () => dialog.current?.querySelector('button'),
    returnFocusTo: opener,
  });
  return (
    <>
      <button ref={opener} type="button">
        Opener
      </button>
      <h1 tabIndex={-1}>Next page</h1>
      <div ref={dialog}>
        <button type="button">First</button>
        <button type="button">Last</button>
      </div>
    </>
  );
}

const button = (name: string) => screen.getByRole('button', { name });

describe('useFocusTrap', () => {
  it('moves focus in at once, wraps Tab once its library has arrived, and returns focus at the end', async () => {
    const { rerender } = render(<Modal open={false} />);
    rerender(<Modal open />);
    expect(button('First')).toHaveFocus();
    await waitFor(async () => {
      button('Last').focus();
      await userEvent.tab();
      expect(button('First')).toHaveFocus();
    });
    rerender(<Modal open={false} />);
    await waitFor(() => expect(button('Opener')).toHaveFocus());
  });

  it('leaves focus where the page put it when the modal ends (a link in it led to a new page)', async () => {
    const { rerender } = render(<Modal open={false} />);
    rerender(<Modal open />);
    await waitFor(async () => {
      button('Last').focus();
      await userEvent.tab();
      expect(button('First')).toHaveFocus();
    });
    // As after a navigation: the modal ends, then the new page's heading takes focus.
    act(() => rerender(<Modal open={false} />));
    screen.getByRole('heading', { name: 'Next page' }).focus();
    // The trap returns focus a task after it ends; by then the heading must still have it.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('heading', { name: 'Next page' })).toHaveFocus();
  });
});
