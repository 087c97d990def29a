import { Suspense, useCallback, useRef, useState } from 'react';
import { mailtoHref, studio } from 'remote-shared/content';
import { contactPage } from 'remote-shared/contact-content';
import { useScrollToTopOnEntry } from 'remote-shared/hooks';
import { Container } from 'remote-shared/ui';
import { ContactForm } from '../form/contact-form';
import type { ContactWriter } from '../../firebase/contact-submission';
import { firestoreContactWriter } from '../../firebase/default-writer';
import { newDocumentId } from '../../firebase/document-id';
import { ThankYouDialog } from '../thank-you/thank-you-dialog';
import styles from './contact-page.module.css';

export interface ContactPageProps {
  /** The site uses the Firestore writer; unit tests pass one of their own. */
  readonly writer?: ContactWriter;
}

export function ContactPage({ writer = firestoreContactWriter }: ContactPageProps) {
  useScrollToTopOnEntry();
  const [thanking, setThanking] = useState(false);
  const submit = useRef<HTMLButtonElement>(null);
  const onSent = useCallback(() => setThanking(true), []);

  return (
    <Container className={styles.page}>
      <header className={styles.intro}>
        <p className={styles.eyebrow}>{contactPage.eyebrow}</p>
        <h1 className={styles.heading}>{contactPage.heading}</h1>
        <p className={styles.invitation}>{contactPage.invitation}</p>
        <div className={styles.direct}>
          <p className={styles.directLabel}>{contactPage.directLabel}</p>
          <a className={styles.mail} href={mailtoHref(studio.email)}>
            {studio.email}
          </a>
          <p className={styles.promise}>{contactPage.replyPromise}</p>
        </div>
      </header>
      <div className={styles.panel}>
        <noscript>
          <p className={styles.noScript}>
            {contactPage.formNeedsScripts}{' '}
            <a className={styles.mail} href={mailtoHref(studio.email)}>
              {studio.email}
            </a>
          </p>
        </noscript>
        {/* Its own hydration unit: the page's text is interactive without waiting for it. */}
        <Suspense>
          <ContactForm writer={writer} newId={newDocumentId} onSent={onSent} submitRef={submit} />
        </Suspense>
      </div>
      <ThankYouDialog open={thanking} onClose={() => setThanking(false)} returnFocusTo={submit} />
    </Container>
  );
}
