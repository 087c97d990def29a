import { readServerState } from './server-state/server-state';
import { watchPageTrouble } from './field-data/page-trouble';
import { routeTagOf } from './field-data/route-tag';
import { startFieldData } from './field-data/start-field-data';
import { adoptServerRemotes, applyRemoteLocations } from './remotes/remote-locations';
import { showStartupFailure } from './startup/startup-failure';
import { nextTask } from '../../federation/runtime-plugins/next-task';

// First of all (the imports above only define functions): errors and failed loads count from
// here on, start-up's own included. The landing path's route is the one every beacon names
// (read here, where the app's chunk finds the route table too, not in a second copy of it).
const trouble = watchPageTrouble(window);
const landingRoute = routeTagOf(window.location.pathname);

// Where the remotes live is decided at deploy time: a server-rendered page names the builds it
// was rendered from; the static fallback page reads remotes.json. Either happens before any
// remote is touched; the bootstrap import is also the async boundary shared modules need.
const state = readServerState(document);
const root = document.getElementById('root')!;
(state ? Promise.resolve(adoptServerRemotes(state)) : applyRemoteLocations())
  // A task of its own for the shared modules' set-up: run straight after this file's
  // evaluation, the two made one task of 150-250 ms on a phone, blocking a visitor's tap.
  .then(nextTask)
  // React's modules are evaluated as their chunks arrive, in a task of their own, and the app's
  // graph (the shell's and remote-shared's modules) in the next: together they were one task
  // of 50-65 ms on the calibrated phone.
  .then(() => import('react-dom/client'))
  .then(nextTask)
  .then(() => import('./bootstrap'))
  .then(({ start }) => start(root, state))
  .catch((error: unknown) => showStartupFailure(root, error))
  // A page that could not start reports too: that is when its field data matters most.
  .finally(() => startFieldData(state, landingRoute, trouble));
