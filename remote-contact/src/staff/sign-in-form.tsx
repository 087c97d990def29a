import { useState, type FormEvent } from 'react';
import { staffInbox } from 'remote-shared/staff-content';
import { Button } from 'remote-shared/ui';
import type { StaffConnection } from './staff-connection';
import { handOffFocus, useFocusOnHandoff } from './focus-handoff';
import { LabelledInput } from './labelled-input';
import styles from './sign-in-form.module.css';

type Failure = keyof typeof staffInbox.signIn.failures;

function failureOf(error: unknown): Failure {
  const code =
    typeof error === 'object' && error !== null && 'code' in error
      ? String((error as { code: unknown }).code)
      : '';
  if (
    [
      'auth/invalid-credential',
      'auth/invalid-login-credentials',
      'auth/wrong-password',
      'auth/user-not-found',
      'auth/invalid-email',
      'auth/user-disabled',
    ].includes(code)
  )
    return 'credentials';
  if (code === 'auth/too-many-requests') return 'tooManyAttempts';
  if (code === 'auth/network-request-failed') return 'network';
  if (code === 'auth/popup-closed-by-user' || code === 'auth/cancelled-popup-request')
    return 'popup';
  return 'other';
}

/** Email and password, and Google when the deployment offers it. */
export function SignInForm({ connection }: { connection: StaffConnection }) {
  const { authSdk, auth, settings } = connection;
  const providers = settings.signInProviders ?? ['password'];
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const text = staffInbox.signIn;
  const failureId = failure ? 'staff-sign-in-failure' : undefined;
  useFocusOnHandoff('signed-out', providers.includes('password') ? 'staff-email' : 'staff-google');

  async function attempt(signIn: () => Promise<unknown>) {
    setBusy(true);
    setFailure(null);
    try {
      // The form goes once the session changes: focus moves on to the inbox then.
      handOffFocus('signed-in');
      await signIn();
    } catch (error) {
      console.error('Signing in failed:', error);
      setFailure(failureOf(error));
      setBusy(false);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void attempt(() => authSdk.signInWithEmailAndPassword(auth, email.trim(), password));
  }

  return (
    <section className={styles.panel} aria-labelledby="staff-sign-in-heading">
      <h2 id="staff-sign-in-heading" className={styles.heading}>
        {text.heading}
      </h2>
      <p className={styles.intro}>{text.intro}</p>
      {providers.includes('password') && (
        <form className={styles.form} onSubmit={onSubmit}>
          <LabelledInput
            id="staff-email"
            label={text.email}
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-describedby={failureId}
          />
          <LabelledInput
            id="staff-password"
            label={text.password}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-describedby={failureId}
          />
          <Button type="submit" disabled={busy}>
            {busy ? text.submitting : text.submit}
          </Button>
        </form>
      )}
      {providers.includes('google') && (
        <>
          {providers.includes('password') && <p className={styles.or}>{text.or}</p>}
          <Button
            id="staff-google"
            variant="secondary"
            disabled={busy}
            onClick={() =>
              void attempt(() =>
                authSdk.signInWithPopup(
                  auth,
                  new authSdk.GoogleAuthProvider(),
                  authSdk.browserPopupRedirectResolver,
                ),
              )
            }
          >
            {text.google}
          </Button>
        </>
      )}
      <p id="staff-sign-in-failure" className={styles.failure} role="alert">
        {failure ? text.failures[failure] : ''}
      </p>
    </section>
  );
}
