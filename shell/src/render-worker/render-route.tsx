import { StrictMode, Suspense } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from '@firstday/router';
import { AppRoutes } from '../app/app-routes';
import { InitialPagesContext, type InitialPages } from '../remotes/initial-pages';
import { preloadPage } from '../remotes/lazy-pages';
import { remoteOf, routeFor, type PageModuleId } from '../routes/route-table';
import { renderDocument } from './document';
import { PreviewBadge } from '../preview-badge/preview-badge';
import { stylesFor } from './stylesheets';
import { causesOf, isNoAnswer, NoAnswer } from './load-failure';
import { prerenderDeadlineMs } from '../../../platform/deadlines.cjs';
import type {
  RenderFailure,
  RendererSetup,
} from '../../../platform/render-protocol/worker-protocol';

/** Resolves with the promise's value, or rejects with NoAnswer once `ms` have passed. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new NoAnswer(`no answer within ${ms} ms`)), ms).unref(),
    ),
  ]);
}

async function textOf(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

/**
 * One page as HTML: the shell's chrome and, in its page area, the remote page (or, when its
 * remote is down or too slow, the "unavailable" state the browser shows too).
 */
export async function renderRoute(
  path: string,
  setup: RendererSetup,
): Promise<{ status: 200 | 404; html: string; complete: boolean; failure?: RenderFailure }> {
  const route = routeFor(path);
  // A browser-only page is not loaded here: the page area shows its loading state.
  const page = route?.clientOnly ? undefined : route?.module;
  const unavailable = new Set<PageModuleId>();
  let complete = true;
  let failure: RenderFailure | undefined;
  const failed = (kind: RenderFailure['kind'], error: unknown) => {
    complete = false;
    failure ??= {
      kind,
      message: causesOf(error),
      stack: error instanceof Error ? error.stack : undefined,
    };
  };
  if (page) {
    if (setup.down.includes(remoteOf(page))) unavailable.add(page);
    else {
      try {
        await within(preloadPage(page), setup.deadlineMs);
      } catch (error) {
        unavailable.add(page);
        // A remote too slow for this render is an outage (drawn unavailable, as the browser
        // does); one that answered without the page is a fault of its release.
        failed(isNoAnswer(error) ? 'unavailable' : 'not-loaded', error);
      }
    }
  }
  const initial: InitialPages = { unavailable, held: new Set() };
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <InitialPagesContext value={initial}>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </InitialPagesContext>
      {setup.preview && (
        // The same boundary the browser's lazy badge hydrates in.
        <Suspense fallback={null}>
          <PreviewBadge preview={setup.preview} />
        </Suspense>
      )}
    </StrictMode>,
    {
      // React moves large Suspense boundaries out of line, to be revealed by a script; the
      // page must read without scripts, so everything stays in place.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      signal: AbortSignal.timeout(prerenderDeadlineMs(setup.deadlineMs)),
      onError(error) {
        failed('threw', error);
      },
    },
  );
  const markup = await textOf(prelude);
  const styles = await stylesFor(page && !unavailable.has(page) ? page : undefined, setup);
  const html = renderDocument({
    route,
    markup,
    styles,
    unavailable: [...unavailable],
    setup,
  });
  return {
    status: route ? 200 : 404,
    complete,
    failure,
    html,
  };
}
