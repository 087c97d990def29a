import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { remotePages, type RemotePageId } from './remote-pages';

const cache = new Map<RemotePageId, LazyExoticComponent<ComponentType>>();

/** The lazy component of a remote page, made once and reused across visits. */
export function lazyPage(page: RemotePageId): LazyExoticComponent<ComponentType> {
  let component = cache.get(page);
  if (!component) {
    component = lazy(remotePages[page]);
    cache.set(page, component);
  }
  return component;
}

/** React remembers a failed lazy forever; forgetting it makes the next render load afresh. */
export function forgetPage(page: RemotePageId): void {
  cache.delete(page);
}
