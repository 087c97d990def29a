import { routeFor } from '../routes/route-table';

/** The route tag of a path the route table does not know. */
export const notFoundRoute = '/__not-found';

/** The route a beacon names: the route table's path for `pathname`, or the 404 tag. */
export function routeTagOf(pathname: string): string {
  return routeFor(pathname)?.path ?? notFoundRoute;
}
