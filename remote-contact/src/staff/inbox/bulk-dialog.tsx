import { useEffect, useRef, useState } from 'react';
import { staffInbox } from 'remote-shared/staff-content';
import { Button } from 'remote-shared/ui';
import styles from '../delete-dialog.module.css';
import type { BulkAction } from './bulk-action';

export interface BulkDialogProps {
  /** The action to confirm, and on how many requests; null when closed. */
  readonly asked: { readonly action: BulkAction; readonly count: number } | null;
  readonly onConfirm: (action: BulkAction) => Promise<void>;
  /** Called once the dialog has closed (Cancel, Escape, or once the action ran). */
  readonly onClose: () => void;
}

function describe(action: BulkAction, count: number): string {
  const text = staffInbox.bulk;
  if (action.kind === 'status') return text.confirmStatus(count, staffInbox.status[action.status]);
  if (action.kind === 'owner') {
    return text.confirmOwner(count, action.owner || staffInbox.lead.nobody.toLowerCase());
  }
  return text.confirmDelete(count);
}

/**
 * The one confirmation of a bulk action (status, owner or delete on every selected request). A
 * native modal <dialog> as for a single delete: Escape cancels, focus starts on Cancel.
 */
export function BulkDialog({ asked, onConfirm, onClose }: BulkDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const [working, setWorking] = useState(false);
  const text = staffInbox.bulk;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (asked && !element.open) {
      setWorking(false);
      element.showModal();
      cancel.current?.focus();
    } else if (!asked && element.open) {
      element.close();
    }
  }, [asked]);

  async function confirm() {
    if (!asked) return;
    setWorking(true);
    await onConfirm(asked.action);
    setWorking(false);
  }

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby="bulk-title"
      aria-describedby="bulk-text"
      onClose={onClose}
    >
      <h2 id="bulk-title" className={styles.title}>
        {asked ? text.confirmTitle(asked.count) : ''}
      </h2>
      <p id="bulk-text" className={styles.text}>
        {asked ? describe(asked.action, asked.count) : ''}
      </p>
      <div className={styles.actions}>
        <Button
          ref={cancel}
          variant="secondary"
          onClick={() => dialog.current?.close()}
          disabled={working}
        >
          {text.cancel}
        </Button>
        <Button className={styles.confirm} onClick={() => void confirm()} disabled={working}>
          {working ? text.working : text.confirm}
        </Button>
      </div>
    </dialog>
  );
}
