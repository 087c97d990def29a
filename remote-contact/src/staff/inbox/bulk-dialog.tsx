import { staffInbox } from 'remote-shared/staff-content';
import { ConfirmDialog } from '../confirm-dialog';
import type { BulkAction } from './bulk-action';

export interface BulkDialogProps {
  /** The action to confirm, and on how many requests; null when closed. */
  readonly asked: { readonly action: BulkAction; readonly count: number } | null;
  /** Reports each request's outcome itself (it never throws). */
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

/** The one confirmation of a bulk action (status, owner or delete on every selected request). */
export function BulkDialog({ asked, onConfirm, onClose }: BulkDialogProps) {
  const text = staffInbox.bulk;
  return (
    <ConfirmDialog
      id="bulk"
      open={asked !== null}
      title={asked ? text.confirmTitle(asked.count) : ''}
      text={asked ? describe(asked.action, asked.count) : ''}
      labels={{ cancel: text.cancel, confirm: text.confirm, working: text.working }}
      onConfirm={() => (asked ? onConfirm(asked.action) : Promise.resolve())}
      onClose={onClose}
    />
  );
}
