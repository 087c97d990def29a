import type { User } from 'firebase/auth';
import { useEffect, useState } from 'react';
import { collections } from '../../../platform/contact-request/contact-schema.cjs';
import { staffConnection, type StaffConnection } from './staff-connection';
import type { Author } from './lead-change';
import { startFirstPageEarly } from './use-inbox-requests';

/**
 * Where the viewer stands:
 * - connecting: settings and SDK on their way, or the sign-in state not known yet;
 * - unavailable: they could not be loaded;
 * - signed-out: show the sign-in form (`revoked`: because staff access ended while signed in);
 * - refused: signed in, but the ID token carries no `staff: true` claim, or the account is not
 *   on the staff roster the rules read (staffAccess/{uid});
 * - staff: signed in as staff, the inbox opens.
 */
export type StaffSession =
  | { readonly kind: 'connecting' }
  | { readonly kind: 'unavailable' }
  | { readonly kind: 'signed-out'; readonly connection: StaffConnection; readonly revoked: boolean }
  | { readonly kind: 'refused'; readonly connection: StaffConnection; readonly email: string }
  | {
      readonly kind: 'staff';
      readonly connection: StaffConnection;
      readonly email: string;
      /** The account as history names its changes (see authorOf). */
      readonly author: Author;
    };

const accessCollection = collections.staffAccess;

/**
 * Who the account's changes are by, as the rules require it: its address when the sign-in
 * provider verified it, else the address its roster entry was granted under (which only an admin
 * writes), so every change names an account a person recognises.
 */
function authorOf(user: User, rosterEmail: unknown): Author {
  const name = user.emailVerified && user.email ? user.email : rosterEmail;
  return { uid: user.uid, name: typeof name === 'string' ? name : '' };
}

/**
 * Follows the signed-in user, the claims of its ID token (a new claim arrives with a new token)
 * and its entry on the staff roster: `npm run staff -- revoke` deletes that entry, and an open
 * inbox signs out as soon as the deletion reaches it (a live listener: well under a second),
 * while the rules already refuse the account's reads and writes.
 */
export function useStaffSession(): StaffSession {
  const [session, setSession] = useState<StaffSession>({ kind: 'connecting' });
  useEffect(() => {
    let active = true;
    let unsubscribe: (() => void) | undefined;
    let stopAccess: (() => void) | undefined;
    let stopEarly: (() => void) | undefined;
    /** Set when this tab is signed out because its access ended. */
    let revoked = false;
    staffConnection().then(
      (connection) => {
        if (!active) return;
        const { authSdk, auth, firestoreSdk: sdk, db } = connection;
        unsubscribe = authSdk.onIdTokenChanged(auth, (user) => {
          stopAccess?.();
          stopAccess = undefined;
          stopEarly?.();
          stopEarly = undefined;
          if (!user) {
            setSession({ kind: 'signed-out', connection, revoked });
            return;
          }
          revoked = false;
          const email = user.email ?? user.uid;
          user.getIdTokenResult().then(
            (token) => {
              if (!active || auth.currentUser?.uid !== user.uid) return;
              if (token.claims.staff !== true) {
                setSession({ kind: 'refused', connection, email });
                return;
              }
              let opened = false;
              stopEarly = startFirstPageEarly(connection);
              const leave = () => {
                if (!active || auth.currentUser?.uid !== user.uid) return;
                if (!opened) {
                  setSession({ kind: 'refused', connection, email });
                  return;
                }
                revoked = true;
                authSdk
                  .signOut(auth)
                  .catch((error: unknown) => console.error('Signing out failed:', error));
              };
              stopAccess = sdk.onSnapshot(
                sdk.doc(db, accessCollection, user.uid),
                (entry) => {
                  // Only the server's word counts: a cache knows nothing of a revocation yet.
                  if (entry.metadata.fromCache) return;
                  if (!entry.exists()) {
                    leave();
                    return;
                  }
                  opened = true;
                  const author = authorOf(user, entry.get('email'));
                  if (active) setSession({ kind: 'staff', connection, email, author });
                },
                (error) => {
                  console.error('Reading the staff roster failed:', error);
                  leave();
                },
              );
            },
            (error: unknown) => {
              console.error('Could not read the sign-in token:', error);
              if (active) setSession({ kind: 'refused', connection, email });
            },
          );
        });
      },
      (error: unknown) => {
        console.error('The staff inbox could not load its settings or SDK:', error);
        if (active) setSession({ kind: 'unavailable' });
      },
    );
    return () => {
      active = false;
      stopAccess?.();
      stopEarly?.();
      unsubscribe?.();
    };
  }, []);
  return session;
}
