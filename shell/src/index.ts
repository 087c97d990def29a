import { readServerState } from './app/server-state';
import { adoptServerRemotes, applyRemoteLocations } from './remotes/remote-locations';
import { showStartupFailure } from './startup/startup-failure';

// Where the remotes live is decided at deploy time: a server-rendered page names the builds it
// was rendered from; the static fallback page reads remotes.json. Either happens before any
// remote is touched; the bootstrap import is also the async boundary shared modules need.
const state = readServerState(document);
const root = document.getElementById('root')!;
(state ? Promise.resolve(adoptServerRemotes(state)) : applyRemoteLocations())
  .then(() => import('./bootstrap'))
  .then(({ start }) => start(root, state))
  .catch((error: unknown) => showStartupFailure(root, error));
