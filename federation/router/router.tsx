/**
 * The router every app shares, as the singleton '@firstday/router': where the visitor is, how
 * they got there (a link, a replacement, back/forward) and links that move without a page load.
 * The site's pages come from one table looked up by path, so nothing here matches patterns or
 * nests routes; record 0053 says why this replaced react-router.
 */
import {
  createContext,
  startTransition,
  use,
  useEffect,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

/** Where the visitor is. `key` is new for every entry of the history, so effects can follow it. */
export interface Location {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  readonly key: string;
}

/** How the current entry was reached: back/forward or the first load, a link, a replacement. */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface NavigateOptions {
  readonly replace?: boolean;
}

/** Moves to a path (optionally with a search and a hash), or by a number of history entries. */
export type Navigate = (to: string | number, options?: NavigateOptions) => void;

interface RouterState {
  readonly location: Location;
  readonly navigationType: NavigationType;
  readonly navigate: Navigate;
}

const RouterContext = createContext<RouterState | null>(null);

function useRouter(): RouterState {
  const router = use(RouterContext);
  if (!router) throw new Error('A router hook or link was used outside a router');
  return router;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** A path as a Location, read against the current one (so '#work' or '?a=1' stay on it). */
function locationOf(to: string, base: string, key: string): Location {
  const url = new URL(to, new URL(base, 'http://router.invalid'));
  return { pathname: url.pathname, search: url.search, hash: url.hash, key };
}

const hrefOf = ({ pathname, search, hash }: Omit<Location, 'key'>) => `${pathname}${search}${hash}`;

/** The entry the browser is on, with the key this router gave it. */
const browserEntry = (): Location => locationOf(hrefOf(window.location), '/', keyOfEntry());

/** The browser's address bar and history. */
export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [state, setState] = useState(() => ({
    location: browserEntry(),
    navigationType: 'POP' as NavigationType,
  }));
  // One function for the router's life, so effects that navigate need not follow it.
  const [navigate] = useState(() => {
    const go: Navigate = (to, options) => {
      if (typeof to === 'number') {
        window.history.go(to);
        return;
      }
      const location = locationOf(to, hrefOf(window.location), newKey());
      const replace = options?.replace ?? false;
      window.history[replace ? 'replaceState' : 'pushState'](
        { key: location.key },
        '',
        hrefOf(location),
      );
      // A transition, as react-router's own: the click paints at once, and the page it leaves
      // stays until the next one is ready (its code may still be on the way).
      startTransition(() => setState({ location, navigationType: replace ? 'REPLACE' : 'PUSH' }));
    };
    return go;
  });

  useEffect(() => {
    const onPop = () =>
      startTransition(() => setState({ location: browserEntry(), navigationType: 'POP' }));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  return <RouterContext value={{ ...state, navigate }}>{children}</RouterContext>;
}

/** The key this router gave the history entry the browser is on ('default' for a page load). */
function keyOfEntry(): string {
  const entry: unknown = window.history.state;
  return typeof entry === 'object' &&
    entry !== null &&
    'key' in entry &&
    typeof entry.key === 'string'
    ? entry.key
    : 'default';
}

/** One location that never changes: a page rendered on the server. */
export function StaticRouter({ location, children }: { location: string; children?: ReactNode }) {
  const navigate: Navigate = () => {
    throw new Error('A page rendered on the server cannot navigate');
  };
  return (
    <RouterContext
      value={{ location: locationOf(location, '/', 'default'), navigationType: 'POP', navigate }}
    >
      {children}
    </RouterContext>
  );
}

/** A history kept in memory (tests, and anywhere without an address bar). */
export function MemoryRouter({
  initialEntries = ['/'],
  children,
}: {
  initialEntries?: readonly string[];
  children?: ReactNode;
}) {
  const [state, setState] = useState(() => ({
    entries: initialEntries.map((entry, index) =>
      locationOf(entry, '/', index === 0 ? 'default' : newKey()),
    ),
    index: initialEntries.length - 1,
    navigationType: 'POP' as NavigationType,
  }));
  const [navigate] = useState(() => {
    const go: Navigate = (to, options) =>
      startTransition(() =>
        setState((now) => {
          if (typeof to === 'number') {
            const index = Math.min(Math.max(now.index + to, 0), now.entries.length - 1);
            return { ...now, index, navigationType: 'POP' };
          }
          const next = locationOf(to, hrefOf(now.entries[now.index]!), newKey());
          const replace = options?.replace ?? false;
          const kept = now.entries.slice(0, replace ? now.index : now.index + 1);
          return {
            entries: [...kept, next],
            index: kept.length,
            navigationType: replace ? 'REPLACE' : 'PUSH',
          };
        }),
      );
    return go;
  });
  const location = state.entries[state.index]!;
  return (
    <RouterContext value={{ location, navigationType: state.navigationType, navigate }}>
      {children}
    </RouterContext>
  );
}

export const useLocation = (): Location => useRouter().location;
export const useNavigationType = (): NavigationType => useRouter().navigationType;
export const useNavigate = (): Navigate => useRouter().navigate;

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path on this site. */
  readonly to: string;
  readonly replace?: boolean;
}

/**
 * An <a href> that, for a plain click, moves without a page load. A click that asks the browser
 * for something else (a new tab or window, a download, another target) is left to the browser;
 * a link to the page the visitor is on replaces the entry instead of adding one.
 */
export function Link({ to, replace, onClick, children, ...anchor }: LinkProps) {
  const { location, navigate } = useRouter();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const browserDecides =
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey ||
      (anchor.target !== undefined && anchor.target !== '_self') ||
      anchor.download !== undefined;
    if (browserDecides) return;
    event.preventDefault();
    const same = hrefOf(locationOf(to, hrefOf(location), '')) === hrefOf(location);
    navigate(to, { replace: replace ?? same });
  };
  return (
    <a {...anchor} href={to} onClick={follow}>
      {children}
    </a>
  );
}

/** Moves to `to` once rendered in the browser (a redirect the client finds). */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace }), [navigate, to, replace]);
  return null;
}
