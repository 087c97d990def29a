import { applyRemoteLocations } from './remotes/remote-locations';
import { showStartupFailure } from './startup/startup-failure';

// Where the remotes live is decided at deploy time (remotes.json), so it is read before any
// remote is touched; the bootstrap import is also the async boundary shared modules need.
applyRemoteLocations()
  .then(() => import('./bootstrap'))
  .catch((error: unknown) => showStartupFailure(document.getElementById('root')!, error));
