/**
 * The router every app shares, as the singleton 'react-router-dom'. Shared modules cannot be
 * tree-shaken, and all of react-router (server rendering, data APIs, cookies) weighs about
 * 61 KB gzip; this module re-exports only the declarative router the site uses, so webpack
 * shakes react-router down to about 13 KB inside it. Apps import from 'react-router-dom' as
 * usual; tsconfig paths point type checking here, so using anything not listed fails `tsc`.
 */
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigationType,
} from 'react-router';
