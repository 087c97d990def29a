import { useEffect, useRef, useState } from 'react';
import { Button } from 'remote-shared/ui';
import styles from './confirm-dialog.module.css';

export interface ConfirmDialogProps {
  /** Prefix of the title's and text's ids, unique on the page. */
  readonly id: string;
  readonly open: boolean;
  readonly title: string;
  readonly text: string;
  readonly labels: { readonly cancel: string; readonly confirm: string; readonly working: string };
  /** Shown, with the dialog left open, when onConfirm fails. */
  readonly failure?: string;
  readonly onConfirm: () => Promise<void>;
  /** Called once the dialog has closed (Cancel, Escape, or after `open` went false). */
  readonly onClose: () => void;
}

/**
 * Asks before something is done for good. A native modal <dialog>: the rest of the page is inert
 * while it is open, Escape cancels, and focus starts on Cancel (the safe choice).
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { id, open, title, text, labels, failure, onConfirm, onClose } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const [working, setWorking] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      setWorking(false);
      setFailed(false);
      element.showModal();
      cancel.current?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  async function confirm() {
    setWorking(true);
    setFailed(false);
    try {
      await onConfirm();
    } catch (error) {
      console.error(`${title} failed:`, error);
      setFailed(true);
    }
    setWorking(false);
  }

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onClose={onClose}
    >
      <h2 id={`${id}-title`} className={styles.title}>
        {title}
      </h2>
      <p id={`${id}-text`} className={styles.text}>
        {text}
      </p>
      {failed && failure && (
        <p className={styles.error} role="alert">
          {failure}
        </p>
      )}
      <div className={styles.actions}>
        <Button
          ref={cancel}
          variant="secondary"
          onClick={() => dialog.current?.close()}
          disabled={working}
        >
          {labels.cancel}
        </Button>
        <Button className={styles.confirm} onClick={() => void confirm()} disabled={working}>
          {working ? labels.working : labels.confirm}
        </Button>
      </div>
    </dialog>
  );
}
