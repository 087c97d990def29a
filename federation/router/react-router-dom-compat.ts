/**
 * What remotes built before the site's own router (record 0053) import as the shared
 * 'react-router-dom': its links and hooks, answered by the one shared '@firstday/router', so a
 * release of that age still finds the shell's router. Drop it once no live release asks for it.
 */
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  useLocation,
  useNavigate,
  useNavigationType,
} from '@firstday/router';
