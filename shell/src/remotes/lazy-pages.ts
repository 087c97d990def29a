import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageModuleId } from '../routes/route-table';
import { loadPage } from './remote-pages';

type PageModule = { default: ComponentType };

const components = new Map<PageModuleId, LazyExoticComponent<ComponentType>>();
const loaded = new Map<PageModuleId, PageModule>();

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

/** Loads a page's module ahead of rendering it (the server and the first hydration do). */
export async function preloadPage(page: PageModuleId): Promise<void> {
  loaded.set(page, (await loadPage(page)) as PageModule);
}

/** The lazy component of a remote page, made once and reused across visits. */
export function lazyPage(page: PageModuleId): LazyExoticComponent<ComponentType> {
  let component = components.get(page);
  if (!component) {
    component = lazy<ComponentType>(() => {
      const module = loaded.get(page);
      return module ? settled(module) : (loadPage(page) as Promise<PageModule>);
    });
    components.set(page, component);
  }
  return component;
}

/** React remembers a failed lazy forever; forgetting it makes the next render load afresh. */
export function forgetPage(page: PageModuleId): void {
  components.delete(page);
  loaded.delete(page);
}
