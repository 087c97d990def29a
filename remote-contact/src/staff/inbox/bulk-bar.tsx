import { staffInbox } from 'remote-shared/staff-content';
import { Button } from 'remote-shared/ui';
import { statuses } from '../../../../platform/contact-request/contact-schema.cjs';
import { ownerChoices } from '../lead/owner-choices';
import styles from '../inbox-tools.module.css';
import type { BulkAction } from './bulk-action';

export interface BulkBarProps {
  readonly count: number;
  readonly roster: readonly string[] | null;
  readonly onAction: (action: BulkAction) => void;
  readonly onClear: () => void;
}

/** What can be done to every selected request at once; each asks once before it runs. */
export function BulkBar({ count, roster, onAction, onClear }: BulkBarProps) {
  const text = staffInbox.bulk;
  return (
    <section className={styles.bulk} aria-label={text.label}>
      <p role="status" className={styles.bulkCount}>
        {text.selected(count)}
      </p>
      <select
        aria-label={text.setStatus}
        className={styles.bulkSelect}
        value=""
        onChange={(event) => {
          const status = statuses.find((candidate) => candidate === event.target.value);
          if (status) onAction({ kind: 'status', status });
        }}
      >
        <option value="">{text.setStatus}</option>
        {statuses.map((status) => (
          <option key={status} value={status}>
            {staffInbox.status[status]}
          </option>
        ))}
      </select>
      <select
        aria-label={text.setOwner}
        className={styles.bulkSelect}
        value="\u0000"
        onChange={(event) => {
          if (event.target.value !== '\u0000')
            onAction({ kind: 'owner', owner: event.target.value });
        }}
      >
        <option value={'\u0000'}>{text.setOwner}</option>
        <option value="">{staffInbox.lead.nobody}</option>
        {ownerChoices('', roster).map(({ email, label }) => (
          <option key={email} value={email}>
            {label}
          </option>
        ))}
      </select>
      <Button
        variant="secondary"
        className={styles.compact}
        onClick={() => onAction({ kind: 'delete' })}
      >
        {text.delete}
      </Button>
      <Button variant="secondary" className={styles.compact} onClick={onClear}>
        {text.clear}
      </Button>
    </section>
  );
}
