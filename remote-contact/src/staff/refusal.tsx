import { staffInbox } from 'remote-shared/staff-content';
import { useFocusOnHandoff } from './focus-handoff';
import styles from './refusal.module.css';

/** A signed-in account without the staff claim: this, the account bar's sign-out, nothing else. */
export function Refusal({ email }: { email: string }) {
  // Just signed in with this account: Sign out is the one thing left to use.
  useFocusOnHandoff('signed-in', 'staff-sign-out');
  return (
    <section className={styles.refusal} aria-labelledby="staff-refused-heading">
      <h2 id="staff-refused-heading" className={styles.heading}>
        {staffInbox.refused.heading}
      </h2>
      <p>{staffInbox.refused.text(email)}</p>
    </section>
  );
}
