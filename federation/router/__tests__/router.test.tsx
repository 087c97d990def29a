import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, use } from 'react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  StaticRouter,
  useLocation,
  useNavigate,
  useNavigationType,
} from '../router';

/** Where the router says the visitor is, and how they got there. */
function Where() {
  const { pathname, search, hash, key } = useLocation();
  return (
    <p data-testid="where" data-key={key}>
      {`${useNavigationType()} ${pathname}${search}${hash}`}
    </p>
  );
}

const where = () => screen.getByTestId('where').textContent;

function Back() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      Back
    </button>
  );
}

describe('BrowserRouter', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));

  it('follows a link without a page load, and the address bar with it', async () => {
    render(
      <BrowserRouter>
        <Link to="/about?from=menu#team">About</Link>
        <Where />
      </BrowserRouter>,
    );
    expect(where()).toBe('POP /');
    await userEvent.click(screen.getByRole('link', { name: 'About' }));
    expect(where()).toBe('PUSH /about?from=menu#team');
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/about?from=menu#team',
    );
    expect(window.history.length).toBeGreaterThan(1);
  });

  it('leaves a click that asks for a new tab, window or download to the browser', () => {
    render(
      <BrowserRouter>
        <Link to="/contact">Contact</Link>
        <Link to="/contact" target="_blank">
          Contact in a tab
        </Link>
        <Where />
      </BrowserRouter>,
    );
    // Whether the router took each click (the default prevented), read after it, and then
    // prevented here so that jsdom does not try a page load.
    const taken: boolean[] = [];
    const after = (event: MouseEvent) => {
      taken.push(event.defaultPrevented);
      event.preventDefault();
    };
    document.addEventListener('click', after);
    const link = screen.getByRole('link', { name: 'Contact' });
    for (const modifier of [
      { metaKey: true },
      { ctrlKey: true },
      { shiftKey: true },
      { altKey: true },
    ])
      fireEvent.click(link, modifier);
    fireEvent.click(link, { button: 1 });
    fireEvent.click(screen.getByRole('link', { name: 'Contact in a tab' }));
    expect(taken).toEqual([false, false, false, false, false, false]);
    expect(where()).toBe('POP /');
    fireEvent.click(link);
    document.removeEventListener('click', after);
    expect(taken.at(-1)).toBe(true);
    expect(where()).toBe('PUSH /contact');
  });

  it('replaces the entry for a link to the page the visitor is on', async () => {
    window.history.replaceState(null, '', '/about');
    render(
      <BrowserRouter>
        <Link to="/about">About</Link>
        <Where />
      </BrowserRouter>,
    );
    const entries = window.history.length;
    await userEvent.click(screen.getByRole('link', { name: 'About' }));
    expect(where()).toBe('REPLACE /about');
    expect(window.history.length).toBe(entries);
  });

  it('reads back and forward as POP, with the key the entry was given', async () => {
    render(
      <BrowserRouter>
        <Link to="/contact">Contact</Link>
        <Where />
      </BrowserRouter>,
    );
    const firstKey = screen.getByTestId('where').dataset.key;
    await userEvent.click(screen.getByRole('link', { name: 'Contact' }));
    const contactKey = screen.getByTestId('where').dataset.key;
    expect(contactKey).not.toBe(firstKey);
    // What the browser does on back: the address changes, then popstate.
    act(() => {
      window.history.replaceState(null, '', '/');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(where()).toBe('POP /');
    act(() => {
      window.history.replaceState({ key: contactKey }, '', '/contact');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(where()).toBe('POP /contact');
    expect(screen.getByTestId('where').dataset.key).toBe(contactKey);
  });

  it('redirects with Navigate, replacing the entry', () => {
    window.history.replaceState(null, '', '/About');
    const entries = window.history.length;
    render(
      <BrowserRouter>
        <Navigate to="/about" replace />
        <Where />
      </BrowserRouter>,
    );
    expect(where()).toBe('REPLACE /about');
    expect(window.location.pathname).toBe('/about');
    expect(window.history.length).toBe(entries);
  });
});

const never = new Promise<never>(() => {});

/** A page whose code never comes. */
function Pending(): never {
  return use(never);
}

function HomeOrPending() {
  return useLocation().pathname === '/' ? <p>home page</p> : <Pending />;
}

describe('a navigation', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));

  it('is a transition: the page being left stays while the next one is not ready', async () => {
    render(
      <BrowserRouter>
        <Link to="/slow">Slow</Link>
        <Suspense fallback={<p>loading</p>}>
          <HomeOrPending />
        </Suspense>
      </BrowserRouter>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Slow' }));
    // The address has moved; the screen keeps the page until the next can be shown.
    expect(window.location.pathname).toBe('/slow');
    expect(screen.getByText('home page')).toBeVisible();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
  });
});

describe('MemoryRouter', () => {
  it('goes back through its own entries', async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Link to="/about">About</Link>
        <Back />
        <Where />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'About' }));
    expect(where()).toBe('PUSH /about');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(where()).toBe('POP /');
  });
});

describe('StaticRouter', () => {
  it('renders the page at its location on the server, links as plain hrefs', () => {
    const html = renderToString(
      <StaticRouter location="/contact?ref=x">
        <Link to="/">Home</Link>
        <Where />
      </StaticRouter>,
    );
    expect(html).toContain('href="/"');
    expect(html).toContain('POP /contact?ref=x');
  });

  it('refuses a hook outside any router, naming the mistake', () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Where />)).toThrow('outside a router');
  });
});
