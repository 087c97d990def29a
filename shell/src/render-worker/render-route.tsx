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

/** The page's markup (the shell's chrome around it), and what went wrong rendering it. */
async function prerender(
  path: string,
  setup: RendererSetup,
  unavailable: ReadonlySet<PageModuleId>,
): Promise<{ markup: string; errors: unknown[] }> {
  const errors: unknown[] = [];
  const initial: InitialPages = { unavailable: new Set(unavailable), held: new Set() };
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
        errors.push(error);
      },
    },
  );
  return { markup: await textOf(prelude), errors };
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
    // The first failure names the render's, but a throw outranks an outage: that page is not
    // served (an outage's is, drawn unavailable).
    if (failure && !(kind === 'threw' && failure.kind === 'unavailable')) return;
    failure = {
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
  let rendered = await prerender(path, setup, unavailable);
  // Code the page fetches as it renders (its sections below the fold) can meet its remote gone
  // after the page itself loaded: that page is drawn unavailable, as the browser draws it,
  // rather than the whole site answering with its 503 notice.
  const outage = page && !unavailable.has(page) ? rendered.errors.find(isNoAnswer) : undefined;
  if (page && outage !== undefined) {
    unavailable.add(page);
    failed('unavailable', outage);
    rendered = await prerender(path, setup, unavailable);
  }
  for (const error of rendered.errors) failed('threw', error);
  const { markup } = rendered;
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
