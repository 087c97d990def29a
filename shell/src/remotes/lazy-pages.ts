import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { remoteOf, type PageModuleId } from '../routes/route-table';
import { forgetRemote } from './forget-remote';
import { loadPage } from './remote-pages';

/**
 * A page module as the shell renders it: its default export with no props. Every page a remote
 * publishes must be one (loadPage's result is checked against it, never cast), so a page that
 * gains a required prop stops the shell's type check against the published types.
 */
type PageModule = { default: ComponentType };

const components = new Map<PageModuleId, LazyExoticComponent<ComponentType>>();
const loaded = new Map<PageModuleId, PageModule>();
/** Loads under way (a prefetch on intent, say): a render that needs the page shares them. */
const pending = new Map<PageModuleId, Promise<PageModule>>();

/**
 * A thenable that answers at once. React reads a lazy component whose loader answers this way
 * in the same render, so a page loaded beforehand is rendered inline: on the server into the
 * HTML itself (not into a hidden segment revealed by a script), in the browser without
 * suspending hydration.
 */
const settled = (module: PageModule) =>
  ({
    then: (onFulfilled: (value: PageModule) => unknown) => onFulfilled(module),
  }) as unknown as Promise<PageModule>;

/** Loads a page's module, as the shell renders it. */
const loadPageModule = (page: PageModuleId): Promise<PageModule> => loadPage(page);

/** Loads a page's module ahead of rendering it (the server and the first hydration do). */
export async function preloadPage(page: PageModuleId): Promise<void> {
  const loading = pending.get(page) ?? loadPageModule(page);
  pending.set(page, loading);
  try {
    loaded.set(page, await loading);
  } finally {
    pending.delete(page);
  }
}

/** Whether a page's module is loaded, or being loaded, already. */
export function isPageLoaded(page: PageModuleId): boolean {
  return loaded.has(page) || pending.has(page);
}

/** The lazy component of a remote page, made once and reused across visits. */
export function lazyPage(page: PageModuleId): LazyExoticComponent<ComponentType> {
  let component = components.get(page);
  if (!component) {
    component = lazy<ComponentType>(() => {
      const module = loaded.get(page);
      return module ? settled(module) : (pending.get(page) ?? loadPageModule(page));
    });
    components.set(page, component);
  }
  return component;
}

/**
 * After a failed load: React remembers a failed lazy forever, and the federation runtime what it
 * fetched of the remote; forgetting both makes the next render (Retry, or the next visit)
 * fetch everything that failed again.
 */
export function forgetPage(page: PageModuleId): void {
  components.delete(page);
  loaded.delete(page);
  pending.delete(page);
  forgetRemote(remoteOf(page));
}
