import { useEffect, useRef, useState } from 'react';
import { staffInbox } from 'remote-shared/staff-content';
import { Button } from 'remote-shared/ui';
import type { InboxRequest } from './inbox-request';
import styles from './delete-dialog.module.css';

export interface DeleteDialogProps {
  /** The request to delete; null when the dialog is closed. */
  readonly request: InboxRequest | null;
  readonly onConfirm: (request: InboxRequest) => Promise<void>;
  /** Called once the dialog has closed (Cancel, Escape, or after onConfirm cleared `request`). */
  readonly onClose: () => void;
}

/**
 * Asks before a request is deleted for good. A native modal <dialog>: the rest of the page is
 * inert while it is open, Escape cancels, and focus starts on Cancel (the safe choice).
 */
export function DeleteDialog({ request, onConfirm, onClose }: DeleteDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const [deleting, setDeleting] = useState(false);
  const [failed, setFailed] = useState(false);
  const text = staffInbox.confirmDelete;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (request && !element.open) {
      setDeleting(false);
      setFailed(false);
      element.showModal();
      cancel.current?.focus();
    } else if (!request && element.open) {
      element.close();
    }
  }, [request]);

  async function confirm() {
    if (!request) return;
    setDeleting(true);
    setFailed(false);
    try {
      await onConfirm(request);
    } catch (error) {
      console.error('Deleting the request failed:', error);
      setFailed(true);
      setDeleting(false);
    }
  }

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby="delete-request-title"
      aria-describedby="delete-request-text"
      onClose={onClose}
    >
      <h2 id="delete-request-title" className={styles.title}>
        {text.title}
      </h2>
      <p id="delete-request-text" className={styles.text}>
        {request ? text.text(request.name, request.company) : ''}
      </p>
      {failed && (
        <p className={styles.error} role="alert">
          {staffInbox.deleteFailed}
        </p>
      )}
      <div className={styles.actions}>
        <Button
          ref={cancel}
          variant="secondary"
          onClick={() => dialog.current?.close()}
          disabled={deleting}
        >
          {text.cancel}
        </Button>
        <Button className={styles.confirm} onClick={() => void confirm()} disabled={deleting}>
          {deleting ? text.deleting : text.confirm}
        </Button>
      </div>
    </dialog>
  );
}
