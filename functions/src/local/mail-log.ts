import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import { collections } from '../../../platform/contact-request/contact-schema.cjs';

/**
 * One line per message the function queues in the `mail` collection (where the Trigger Email
 * extension picks it up in production; locally nothing sends it): who it goes to and its
 * subject, so a developer sees every mail the function would send as it is queued.
 */

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The line for one mail document; quoted with JSON, so no stored text can break the line. */
export function mailLine(id: string, mail: DocumentData): string {
  const to = Array.isArray(mail.to)
    ? mail.to.filter((address): address is string => typeof address === 'string').join(', ')
    : text(mail.to);
  const message: unknown = mail.message;
  const subject =
    typeof message === 'object' && message !== null && 'subject' in message
      ? text(message.subject)
      : '';
  return `mail/${id} queued to ${JSON.stringify(to)}: ${JSON.stringify(subject)} (not sent locally)`;
}

/**
 * Prints a line for each mail document added after the listen starts (those already there were
 * printed when they were queued). Resolves once the listen is in place.
 */
export function logNewMail(options: {
  readonly db: Firestore;
  readonly print: (line: string) => void;
  readonly onError: (error: Error) => void;
}): Promise<() => void> {
  return new Promise((resolve, reject) => {
    let first = true;
    const stop = options.db.collection(collections.mail).onSnapshot(
      (snapshot) => {
        if (first) {
          first = false;
          resolve(stop);
          return;
        }
        for (const change of snapshot.docChanges()) {
          if (change.type === 'added') options.print(mailLine(change.doc.id, change.doc.data()));
        }
      },
      (error) => {
        if (first) reject(error);
        else options.onError(error);
      },
    );
  });
}
