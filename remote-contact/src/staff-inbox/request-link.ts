/** The inbox's address of one request: opens the inbox scrolled to it, focused. */
export const requestHref = (id: string): string => `/staff?request=${encodeURIComponent(id)}`;

/** The request a page address names (?request=ID), or null. */
export function linkedRequestId(search: string): string | null {
  const id = new URLSearchParams(search).get('request');
  return id && /^[A-Za-z0-9]{1,40}$/.test(id) ? id : null;
}
