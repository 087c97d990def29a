import { documentIdLength } from '../../../platform/contact-request/contact-schema.cjs';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A new Firestore-style document id (documentIdLength characters from 62, the shape the rules
 * accept; 20 make ~119 bits), made in the browser before the write so a retry of the same
 * submission names the same document.
 */
export function newDocumentId(): string {
  // 248 is the largest multiple of 62 below 256: rejecting bytes above it keeps ids unbiased.
  let id = '';
  while (id.length < documentIdLength) {
    for (const byte of crypto.getRandomValues(new Uint8Array(40))) {
      if (byte < 248 && id.length < documentIdLength) id += alphabet[byte % 62];
    }
  }
  return id;
}
