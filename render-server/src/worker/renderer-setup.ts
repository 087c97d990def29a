import type { ServerConfig } from '../config';
import type { RemoteSet } from '../remotes/remote-set';
import { fieldSetIdOf } from '../lanes/known-sets';
import type {
  Lane,
  PreviewState,
  RendererSetup,
  ShellAssets,
} from '../../../platform/render-protocol/worker-protocol';

/** What a render worker for `set` is started with, served in `lane`. */
export function rendererSetup(
  set: RemoteSet,
  config: Pick<ServerConfig, 'deadlineMs' | 'siteOrigin'>,
  shell: ShellAssets,
  lane: Lane,
  preview?: PreviewState,
): RendererSetup {
  return {
    serverRemotes: set.serverRemotes,
    browserRemotes: set.browserRemotes,
    manifests: set.manifests,
    down: set.down,
    deadlineMs: config.deadlineMs,
    siteOrigin: config.siteOrigin,
    shell,
    field: { set: fieldSetIdOf(set, lane), lane },
    ...(preview ? { preview } : {}),
  };
}
