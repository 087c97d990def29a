import { useRef, type RefObject } from 'react';
import { contactPage } from 'remote-shared/contact-content';
import { useFocusTrap } from 'remote-shared/hooks';
import { Button } from 'remote-shared/ui';
import styles from './thank-you-dialog.module.css';

export interface ThankYouDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /** Where focus goes back to when the popup closes (the Submit button). */
  readonly returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * The thank-you popup: a modal dialog. As the product asks, a click anywhere on it closes it;
 * Escape and the Close button do too, and focus returns to where it was.
 */
export function ThankYouDialog({ open, onClose, returnFocusTo }: ThankYouDialogProps) {
  const dialog = useRef<HTMLDivElement>(null);
  useFocusTrap([dialog], open, {
    onEscape: onClose,
    initialFocus: () => dialog.current?.querySelector('button'),
    returnFocusTo,
  });
  if (!open) return null;

  return (
    // The backdrop's click is a convenience for pointers; keyboards have Escape and Close.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div className={styles.backdrop} onClick={onClose}>
      <div
        ref={dialog}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="thank-you-title"
        aria-describedby="thank-you-text"
      >
        <span className={styles.mark} aria-hidden="true">
          ✓
        </span>
        <h2 id="thank-you-title" className={styles.title}>
          {contactPage.thankYouTitle}
        </h2>
        <p id="thank-you-text" className={styles.text}>
          {contactPage.thankYouText}
        </p>
        <Button onClick={onClose}>{contactPage.thankYouClose}</Button>
      </div>
    </div>
  );
}
