import { staffInbox } from 'remote-shared/staff-content';
import { ConfirmDialog } from './confirm-dialog';
import type { InboxRequest } from './inbox-request';

export interface DeleteDialogProps {
  /** The request to delete; null when the dialog is closed. */
  readonly request: InboxRequest | null;
  readonly onConfirm: (request: InboxRequest) => Promise<void>;
  /** Called once the dialog has closed (Cancel, Escape, or after onConfirm cleared `request`). */
  readonly onClose: () => void;
}

/** Asks before one request is deleted for good; a failed delete says so and keeps the dialog. */
export function DeleteDialog({ request, onConfirm, onClose }: DeleteDialogProps) {
  const text = staffInbox.confirmDelete;
  return (
    <ConfirmDialog
      id="delete-request"
      open={request !== null}
      title={text.title}
      text={request ? text.text(request.name, request.company) : ''}
      labels={{ cancel: text.cancel, confirm: text.confirm, working: text.deleting }}
      failure={staffInbox.deleteFailed}
      onConfirm={() => (request ? onConfirm(request) : Promise.resolve())}
      onClose={onClose}
    />
  );
}
