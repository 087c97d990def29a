import { preloadPage } from '../remotes/lazy-pages';
import { remoteOf, routes, type PageModuleId } from '../routes/route-table';
import type { RendererSetup } from '../../../platform/render-protocol/worker-protocol';

/** The pages this worker draws on the server: every route's page but a browser-only one's. */
function serverPages(setup: Pick<RendererSetup, 'down'>): PageModuleId[] {
  return routes.flatMap((route) =>
    route.module && !route.clientOnly && !setup.down.includes(remoteOf(route.module))
      ? [route.module]
      : [],
  );
}

/**
 * Starts loading every page the worker draws as soon as it serves. A page's first request
 * otherwise started its load under the remote deadline: on a busy machine the first visitor
 * after a start or a release met Home drawn unavailable (1 s passed fetching and evaluating
 * remote-home's page). A request that comes meanwhile shares the load under way; a failed load
 * is left for the next request to try again and report.
 */
export function warmPages(setup: Pick<RendererSetup, 'down'>): void {
  for (const page of serverPages(setup)) preloadPage(page).catch(() => undefined);
}
