import { useEffect, useState } from 'react';
import { staffConnection, type StaffConnection } from './staff-connection';

/**
 * Where the viewer stands:
 * - connecting: settings and SDK on their way, or the sign-in state not known yet;
 * - unavailable: they could not be loaded;
 * - signed-out: show the sign-in form;
 * - refused: signed in, but the ID token carries no `staff: true` claim;
 * - staff: signed in as staff, the inbox opens.
 */
export type StaffSession =
  | { readonly kind: 'connecting' }
  | { readonly kind: 'unavailable' }
  | { readonly kind: 'signed-out'; readonly connection: StaffConnection }
  | { readonly kind: 'refused'; readonly connection: StaffConnection; readonly email: string }
  | { readonly kind: 'staff'; readonly connection: StaffConnection; readonly email: string };

/** Follows the signed-in user and the claims of its ID token (a new claim arrives with a new token). */
export function useStaffSession(): StaffSession {
  const [session, setSession] = useState<StaffSession>({ kind: 'connecting' });
  useEffect(() => {
    let active = true;
    let unsubscribe: (() => void) | undefined;
    staffConnection().then(
      (connection) => {
        if (!active) return;
        const { authSdk, auth } = connection;
        unsubscribe = authSdk.onIdTokenChanged(auth, (user) => {
          if (!user) {
            setSession({ kind: 'signed-out', connection });
            return;
          }
          const email = user.email ?? user.uid;
          user.getIdTokenResult().then(
            (token) => {
              if (!active || auth.currentUser?.uid !== user.uid) return;
              const staff = token.claims.staff === true;
              setSession({ kind: staff ? 'staff' : 'refused', connection, email });
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
      unsubscribe?.();
    };
  }, []);
  return session;
}
