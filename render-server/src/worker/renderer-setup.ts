import type { ServerConfig } from '../config';
import type { RemoteSet } from '../remotes/remote-set';
import { versionSetIdOf } from '../../../platform/field-data/aggregates.cjs';

/**
 * How a page's field data names the set it runs: the set and the lane it was served in, so
 * that a canary of the very releases that are live (or a preview of them) is still told apart.
 */
export const fieldSetIdOf = (set: RemoteSet, lane: Lane): string =>
  versionSetIdOf(`${lane} ${set.key}`);
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
