import type { MessagePort } from 'node:worker_threads';
import { renderRoute } from './render-route';
import type {
  RenderRequest,
  RendererSetup,
  WorkerMessage,
} from '../../../platform/render-protocol/worker-protocol';

/** Answers render requests, one message each, once the chrome's remote has loaded. */
export function serveRenders(
  setup: RendererSetup,
  port: MessagePort,
  post: (message: WorkerMessage) => void,
): void {
  port.on('message', (request: RenderRequest) => {
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
}
