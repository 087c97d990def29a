import { loadRemote } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { ExposedPages, PageModuleId } from '../routes/route-table';

export class RemoteUnavailableError extends Error {
  override name = 'RemoteUnavailableError';
  constructor(
    readonly remoteId: string,
    options?: ErrorOptions,
  ) {
    super(`${remoteId} could not be loaded`, options);
  }
}

interface PageModule {
  default: ComponentType;
}

/**
 * Loads one exposed page through the federation runtime. A failed load is not cached by the
 * runtime, so calling this again really fetches the remote again (that is what retry does).
 */
export async function loadPage<Id extends PageModuleId>(id: Id): Promise<ExposedPages[Id]> {
  let module: (ExposedPages[Id] & PageModule) | null;
  try {
    module = await loadRemote<ExposedPages[Id] & PageModule>(id);
  } catch (cause) {
    throw new RemoteUnavailableError(id, { cause });
  }
  if (!module || typeof module.default !== 'function') throw new RemoteUnavailableError(id);
  return module;
}
