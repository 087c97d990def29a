import { StrictMode, Suspense, lazy, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from '@firstday/router';
import { rememberVisitSource } from 'remote-shared/hooks';
import 'remote-shared/tokens';
import { AppRoutes } from './app/app-routes';
import type { ServerState } from './server-state/server-state';
import { InitialPagesContext, type InitialPages } from './remotes/initial-pages';
import { preloadPage } from './remotes/lazy-pages';
import { routeFor } from './routes/route-table';
import { announceCaughtError } from './field-data/page-trouble';
import { withinDeadline } from '../../federation/runtime-plugins/load-deadline';
import { nextTask } from '../../federation/runtime-plugins/next-task';

// Only a preview's pages carry the badge, so its code comes only to them (during hydration
// React keeps the server's badge until it has come).
const PreviewBadge = lazy(() =>
  import('./preview-badge/preview-badge').then(({ PreviewBadge }) => ({ default: PreviewBadge })),
);

/** An error a page's error boundary caught: logged as React would, and counted in field data. */
function onCaughtError(error: unknown, info: { componentStack?: string }): void {
  console.error(error, info.componentStack);
  announceCaughtError(error);
}

/** Marks the document once the site runs in the browser (tests wait for it before acting). */
function ClientReady() {
  useEffect(() => {
    document.documentElement.dataset.clientReady = '';
  }, []);
  return null;
}

/**
 * Takes over the server's HTML (hydration) or, on the client-rendered fallback page, renders
 * the site. Before hydrating, the page's own module is loaded, so React finds it ready; if it
 * cannot be loaded here within the load deadline, the server's markup of it stays on screen
 * and the rest of the page (navigation, footer) becomes interactive without it.
 */
export async function start(root: HTMLElement, state: ServerState | null): Promise<void> {
  // Every page load: a landing with campaign parameters or from another site is kept for the
  // session, so the contact form can store it with a request sent from any later page. In a
  // task of its own: the page's first storage access waits on the browser process.
  void nextTask().then(() => rememberVisitSource());
  const initial: InitialPages = { unavailable: new Set(state?.unavailable), held: new Set() };
  const app = (
    <StrictMode>
      <InitialPagesContext value={initial}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </InitialPagesContext>
      {state?.preview && (
        <Suspense fallback={null}>
          <PreviewBadge preview={state.preview} />
        </Suspense>
      )}
      <ClientReady />
    </StrictMode>
  );
  if (!state || !root.hasChildNodes()) {
    createRoot(root, { onCaughtError }).render(app);
    return;
  }
  await nextTask();
  const page = routeFor(window.location.pathname)?.module;
  if (page && !initial.unavailable.has(page)) {
    try {
      await withinDeadline(preloadPage(page), page);
    } catch (error) {
      console.error('Keeping the server-rendered page; its code could not be loaded:', error);
      initial.held.add(page);
    }
  }
  await nextTask();
  // In a transition, hydration yields to the visitor between units of work, and each Suspense
  // boundary (a page section) hydrates and commits on its own.
  startTransition(() => {
    hydrateRoot(root, app, {
      onCaughtError,
      onRecoverableError(error, info) {
        console.error('Hydration error:', error, info.componentStack);
      },
    });
  });
}
