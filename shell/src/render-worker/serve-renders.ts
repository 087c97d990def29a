import { renderRoute } from './render-route';
import { warmPages } from './warm-pages';
import type {
  RenderRequest,
  RendererSetup,
  WorkerMessage,
} from '../../../platform/render-protocol/worker-protocol';

/**
 * Answers render requests, one message each, once the chrome's remote has loaded; the pages
 * start loading then too.
 */
export function serveRenders(
  setup: RendererSetup,
  onRequest: (listener: (request: RenderRequest) => void) => void,
  post: (message: WorkerMessage) => void,
): void {
  onRequest((request) => {
    renderRoute(request.path, setup).then(
      (result) => post({ type: 'rendered', id: request.id, ...result }),
      (error: unknown) =>
        post({
          type: 'render-failed',
          id: request.id,
          message: error instanceof Error ? error.message : String(error),
        }),
    );
  });
  post({ type: 'ready' });
  warmPages(setup);
}
