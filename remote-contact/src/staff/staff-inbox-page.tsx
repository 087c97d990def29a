import { useState } from 'react';
import { staffInbox } from 'remote-shared/staff-content';
import { useScrollToTopOnEntry } from 'remote-shared/hooks';
import { Button, Container, visuallyHidden } from 'remote-shared/ui';
import { handOffFocus } from './focus-handoff';
import { Refusal } from './refusal';
import { SignInForm } from './sign-in-form';
import type { StaffConnection } from './staff-connection';
import { StaffInbox } from './staff-inbox';
import styles from './staff-inbox-page.module.css';
import { useStaffSession } from './use-staff-session';

function AccountBar({ connection, email }: { connection: StaffConnection; email: string }) {
  const [leaving, setLeaving] = useState(false);
  return (
    <div className={styles.account}>
      <p className={styles.who}>{staffInbox.signedInAs(email)}</p>
      <Button
        id="staff-sign-out"
        variant="secondary"
        className={styles.signOut}
        disabled={leaving}
        onClick={() => {
          setLeaving(true);
          handOffFocus('signed-out');
          connection.authSdk
            .signOut(connection.auth)
            .catch((error: unknown) => console.error('Signing out failed:', error))
            .finally(() => setLeaving(false));
        }}
      >
        {staffInbox.signOut}
      </Button>
    </div>
  );
}

/**
 * /staff: the sign-in form, the refusal for an account without the staff claim, or the inbox.
 * Drawn in the browser only; Firebase Auth and the full Firestore SDK load here and nowhere else.
 */
export function StaffInboxPage() {
  useScrollToTopOnEntry();
  const session = useStaffSession();
  return (
    <Container className={styles.page}>
      <header className={styles.intro}>
        <div className={styles.titles}>
          <p className={[styles.eyebrow, visuallyHidden.narrow].join(' ')}>{staffInbox.eyebrow}</p>
          <h1 className={styles.heading}>{staffInbox.heading}</h1>
        </div>
        {(session.kind === 'staff' || session.kind === 'refused') && (
          <AccountBar connection={session.connection} email={session.email} />
        )}
      </header>
      {session.kind === 'connecting' && (
        <p className={styles.note} role="status">
          {staffInbox.checking}
        </p>
      )}
      {session.kind === 'unavailable' && (
        <p className={styles.problem} role="alert">
          {staffInbox.unavailable}
        </p>
      )}
      {session.kind === 'signed-out' && session.revoked && (
        <p className={styles.problem} role="alert">
          {staffInbox.revoked}
        </p>
      )}
      {session.kind === 'signed-out' && <SignInForm connection={session.connection} />}
      {session.kind === 'refused' && <Refusal email={session.email} />}
      {session.kind === 'staff' && (
        <StaffInbox connection={session.connection} author={session.author} />
      )}
    </Container>
  );
}
