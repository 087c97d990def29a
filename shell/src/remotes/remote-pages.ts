import { loadRemote } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type * as AboutPageModule from 'remote-home/about-page';
import type * as HomePageModule from 'remote-home/home-page';
import type * as ContactPageModule from 'remote-contact/contact-page';

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
async function loadPage<T extends PageModule>(id: string): Promise<T> {
  let module: T | null;
  try {
    module = await loadRemote<T>(id);
  } catch (cause) {
    throw new RemoteUnavailableError(id, { cause });
  }
  if (!module || typeof module.default !== 'function') throw new RemoteUnavailableError(id);
  return module;
}

// The type parameters come from the remotes' real exposed modules (tsconfig paths), so the
// shell stops type-checking if a remote changes what it exposes.
export const remotePages = {
  home: () => loadPage<typeof HomePageModule>('remote-home/home-page'),
  about: () => loadPage<typeof AboutPageModule>('remote-home/about-page'),
  contact: () => loadPage<typeof ContactPageModule>('remote-contact/contact-page'),
} satisfies Record<string, () => Promise<PageModule>>;

export type RemotePageId = keyof typeof remotePages;
