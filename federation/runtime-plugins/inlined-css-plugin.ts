import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** A URL without its scheme, as the runtime compares stylesheet addresses. */
const bare = (href: string) =>
  new URL(href, document.baseURI).href.replace(/^(https?:)?\/\//i, '').replace(/\/$/, '');

/** Whether the server inlined this stylesheet into the page (a `<style data-href>` names it). */
function inlinedHere(url: string): boolean {
  const wanted = bare(url);
  for (const style of document.querySelectorAll('style[data-href]')) {
    const href = style.getAttribute('data-href');
    if (href && bare(href) === wanted) return true;
  }
  return false;
}

/**
 * A stylesheet the server already inlined is not fetched again when a remote's module asks for
 * it: the runtime gets an inert stand-in that reports itself loaded. (Marking the inlined files
 * with disabled `<link rel="stylesheet">` elements is not enough: some Chromium versions fetch
 * disabled stylesheets.)
 */
export default function inlinedCssPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'firstday-inlined-css',
    createLink({ url, attrs }) {
      if (attrs?.['rel'] !== 'stylesheet' || !inlinedHere(url)) return undefined;
      const standIn = document.createElement('link');
      standIn.rel = 'x-inlined-stylesheet';
      standIn.dataset['href'] = url;
      // After the runtime has attached its listeners and the element.
      setTimeout(() => standIn.dispatchEvent(new Event('load')), 0);
      return standIn;
    },
  };
}
