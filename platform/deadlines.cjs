// @ts-check
/**
 * Every deadline of the site: how long something waits before it gives up and shows (or serves)
 * the designed state instead. The browser builds, the render worker, the render server and the
 * tests all read them here, so a slow remote costs the same time everywhere it is waited for.
 */

/**
 * The browser: how long one request on the way to a page may take (remotes.json, a remote's
 * manifest, entry script and chunks, the page's code before hydration). A visitor on slow 4G
 * still gets a remote's files well within it; past it they see the part's "unavailable" state
 * instead of a blank area. The webpack builds define it as their chunk timeout too.
 */
const loadDeadlineMs = 4000;

/**
 * The browser: a failed remote load is retried only while it is younger than this. A load that
 * failed later ran into the load deadline (its remote hangs), and retrying would only keep the
 * visitor waiting; the retry pauses (250 + 750 + 1500 ms) fit inside it.
 */
const retryWindowMs = 3000;

/**
 * The render server (REMOTE_DEADLINE_MS overrides it): how long a remote may take to answer
 * before its part of a page is rendered as unavailable. A page is rendered before its first byte
 * leaves, so this is short: one slow remote must not hold the whole response.
 */
const remoteDeadlineMs = 1000;

/**
 * The render worker: React's prerender is aborted after two remote deadlines, one for loading
 * the page's module and one for whatever it suspends on while rendering.
 * @param {number} remoteMs the remote deadline in force
 */
const prerenderDeadlineMs = (remoteMs) => remoteMs * 2;

/**
 * The render server: how long it waits for the worker's whole page, the prerender's two remote
 * deadlines plus one for the styles and document around it; past it the page is given up.
 * @param {number} remoteMs the remote deadline in force
 */
const pageRenderDeadlineMs = (remoteMs) => remoteMs * 3;

/**
 * `promote`'s check of a candidate (`server.js --check`) gives each remote what the render
 * server gives it for a visitor, and each page its page render deadline: a set that renders
 * only with more time than visitors get is not ready. Its manifests are fetched just before
 * (promote fetches each where visitors load it), so a host that was cold is warm by then.
 * @param {number} remoteMs the remote deadline in force
 */
const candidateRemoteDeadlineMs = (remoteMs) => remoteMs;

/**
 * The render server: a worker replaced by a new version set is terminated this long after, so
 * renders it has in flight finish (at most a page render deadline at the default remote
 * deadline) while no new one reaches it.
 */
const retiredWorkerGraceMs = 5000;

/**
 * The render server: how long a render worker may take to start (load the shell's host and the
 * remotes' server code, each fetch within the remote deadline) before it is stopped and its
 * failure logged. Ten remote deadlines: a start takes well under one here (measured ~0.3 s).
 * @param {number} remoteMs the remote deadline in force
 */
const workerStartDeadlineMs = (remoteMs) => remoteMs * 10;

/**
 * `server.js --check`: the whole check ends within this, or exits non-zero saying it ran out of
 * time. It is what the render server allows each step for a visitor, one after another: reading
 * the set (one remote deadline), starting a worker, and each page's render deadline; a page
 * that overruns its own is refused at that page's deadline, as the render server gives it up.
 * @param {number} remoteMs the remote deadline of the check (candidateRemoteDeadlineMs)
 * @param {number} pages how many pages it renders
 */
const routeCheckDeadlineMs = (remoteMs, pages) =>
  remoteMs + workerStartDeadlineMs(remoteMs) + pages * pageRenderDeadlineMs(remoteMs);

/**
 * `promote`'s check child: how long Node may take to start it and load the shell's server build,
 * before the check's own deadline (routeCheckDeadlineMs) starts counting inside it.
 */
const checkStartMs = 4000;

/**
 * `promote`'s check child as a whole: the check's own deadline (routeCheckDeadlineMs, which it
 * keeps itself and then says so) and the child's start before it. This is only the backstop
 * for a child that cannot keep its own (its thread blocked): past it the child is killed and
 * the candidate refused, so no release can hold a promotion forever.
 * @param {number} remoteMs the remote deadline in force
 * @param {number} pages how many pages the check renders
 */
const candidateCheckDeadlineMs = (remoteMs, pages) =>
  checkStartMs + routeCheckDeadlineMs(candidateRemoteDeadlineMs(remoteMs), pages);

/**
 * The render server: a route whose render overran is not rendered by the shared workers again
 * for this long; meanwhile one trial render at a time runs in a worker of its own, and the
 * route is served its last good page (or the 503 page). A trial that finishes in time ends it.
 */
const slowRouteQuarantineMs = 30_000;

/**
 * The browser, after a client-side navigation: how long focus and scrolling wait for the new
 * page's heading or `#target` to appear before giving up (focusing the page area, leaving the
 * scroll). Longer than the load deadline, so a page that arrives at its last moment, or its
 * "unavailable" state, is still reached.
 */
const pageArrivalDeadlineMs = 5000;

/**
 * The server-rendered page: its client starts at the latest this long after the document runs,
 * even when no paint, decode or visitor intent started it earlier (a tab in the background
 * never paints).
 */
const clientStartDeadlineMs = 3000;

/**
 * The contact form: how long storing a request may take before the visitor is told it failed
 * (and offered mail instead). Firestore queues writes while offline and would otherwise wait
 * forever; ten seconds covers a slow phone's sign-in and write.
 */
const contactWriteDeadlineMs = 10_000;

/**
 * The notification function: how long posting a request to Slack may take. Past it the post is
 * given up and the event retried, well within the function's own time limit; Slack answers a
 * webhook in well under a second when it is up.
 */
const slackPostDeadlineMs = 10_000;

module.exports = {
  loadDeadlineMs,
  retryWindowMs,
  remoteDeadlineMs,
  prerenderDeadlineMs,
  pageRenderDeadlineMs,
  candidateRemoteDeadlineMs,
  checkStartMs,
  candidateCheckDeadlineMs,
  retiredWorkerGraceMs,
  workerStartDeadlineMs,
  routeCheckDeadlineMs,
  slowRouteQuarantineMs,
  pageArrivalDeadlineMs,
  clientStartDeadlineMs,
  contactWriteDeadlineMs,
  slackPostDeadlineMs,
};
