import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { useFocusTrap } from '../use-focus-trap';

function Modal({ open, onEscape = () => undefined }: { open: boolean; onEscape?: () => void }) {
  const dialog = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  useFocusTrap([dialog], open, {
    onEscape,
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

  it('answers Escape from the moment it opens, before its library has arrived, and once after', async () => {
    const onEscape = jest.fn();
    const { rerender } = render(<Modal open={false} onEscape={onEscape} />);
    rerender(<Modal open onEscape={onEscape} />);
    // No await yet: the library's import cannot have resolved.
    fireEvent.keyDown(button('First'), { key: 'Escape' });
    expect(onEscape).toHaveBeenCalledTimes(1);
    await waitFor(async () => {
      button('Last').focus();
      await userEvent.tab();
      expect(button('First')).toHaveFocus();
    });
    fireEvent.keyDown(button('First'), { key: 'Escape' });
    expect(onEscape).toHaveBeenCalledTimes(2);
    rerender(<Modal open={false} onEscape={onEscape} />);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onEscape).toHaveBeenCalledTimes(2);
  });
});
