import { staffInbox } from 'remote-shared/staff-content';
import type { InboxRequest } from '../inbox-request';
import { formatTime } from '../received-time';
import styles from './lead.module.css';

/** A status's label, or the value as stored (owner addresses; a note is not repeated). */
const shown = (field: string, to: string): string =>
  field === 'status' ? (staffInbox.status[to as keyof typeof staffInbox.status] ?? to) : to;

/** Who changed what and when, newest first (the latest matters most). */
export function LeadHistory({ request }: { request: InboxRequest }) {
  const text = staffInbox.lead;
  return (
    <div className={styles.history}>
      <h4 className={styles.controlLabel}>{text.history}</h4>
      {request.history.length === 0 ? (
        <p className={styles.hint}>{text.noHistory}</p>
      ) : (
        <ol className={styles.historyList}>
          {[...request.history].reverse().map((entry, index) => (
            <li key={`${entry.at.getTime()}-${index}`}>
              <time dateTime={entry.at.toISOString()}>{formatTime(entry.at)}</time>{' '}
              {text.change(entry.by, entry.field, shown(entry.field, entry.to))}
            </li>
          ))}
        </ol>
      )}
      {request.historyArchived > 0 && (
        <p className={styles.hint}>{text.olderHistory(request.historyArchived)}</p>
      )}
    </div>
  );
}
