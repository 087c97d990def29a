const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A new Firestore-style document id (20 characters from 62, ~119 bits), made in the browser
 * before the write so a retry of the same submission names the same document.
 */
export function newDocumentId(): string {
  // 248 is the largest multiple of 62 below 256: rejecting bytes above it keeps ids unbiased.
  let id = '';
  while (id.length < 20) {
    for (const byte of crypto.getRandomValues(new Uint8Array(40))) {
      if (byte < 248 && id.length < 20) id += alphabet[byte % 62];
    }
  }
  return id;
}
