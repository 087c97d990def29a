import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A below-the-fold section's code comes when the section is this near the viewport. */
const nearMargin = '100% 0px';

/** What a visitor does in a section before its code has come: each fetches it at once. */
const intents = ['pointerdown', 'focusin', 'keydown'] as const;

/** The attribute that names a section in the server's HTML (Home sets it), so its code can wait for it. */
const sectionAttribute = 'data-home-section';

/**
 * Resolves once the server-rendered section `name` comes near the viewport or the visitor
 * touches, focuses or types in it. At once where there is no server HTML of it to keep (on the
 * server, or when Home is rendered in the browser after a client-side navigation).
 */
function whenReached(name: string): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve();
  const section = document.querySelector(`[${sectionAttribute}="${name}"]`);
  if (!section?.hasChildNodes() || typeof IntersectionObserver !== 'function')
    return Promise.resolve();
  return new Promise((resolve) => {
    const reached = () => {
      observer.disconnect();
      for (const type of intents) section.removeEventListener(type, reached, true);
      resolve();
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) reached();
      },
      { rootMargin: nearMargin },
    );
    observer.observe(section);
    for (const type of intents) section.addEventListener(type, reached, true);
  });
}

/**
 * A section whose code is fetched, and whose server HTML is hydrated, only when the visitor
 * reaches it (see `whenReached`). Until then React keeps the server's HTML inside the section's
 * Suspense boundary (selective hydration); taps on its controls are recorded by the page's tap
 * capture and replayed once it has hydrated (useTapReplay).
 *
 * A load that failed is tried again by the next render: React keeps a lazy component's failure
 * for good, so a remote that dropped one request (a deploy, a blip) would otherwise fail this
 * section in a render worker, or a browser tab, until it was replaced.
 */
export function reachedSection(
  name: string,
  load: () => Promise<ComponentType>,
): { name: string; Section: ComponentType } {
  const attempt = (): LazyExoticComponent<ComponentType> =>
    lazy(() =>
      whenReached(name)
        .then(load)
        .then(
          (Component) => ({ default: Component }),
          (error: unknown) => {
            current = attempt();
            throw error;
          },
        ),
    );
  let current = attempt();
  // A named function, so React's tools and errors name the section's component.
  function Section() {
    const Loaded = current;
    return <Loaded />;
  }
  return { name, Section };
}
