import { pathOf } from '../../../platform/routes/routes.cjs';

/** Where the shell shows the inbox: the route table's path of the staff page. */
const inboxPath = pathOf('staff');

/** The inbox's address of one request: opens the inbox scrolled to it, focused. */
export const requestHref = (id: string): string => `${inboxPath}?request=${encodeURIComponent(id)}`;

/** The request a page address names (?request=ID), or null. */
export function linkedRequestId(search: string): string | null {
  const id = new URLSearchParams(search).get('request');
  return id && /^[A-Za-z0-9]{1,40}$/.test(id) ? id : null;
}
