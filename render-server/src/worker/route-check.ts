import {
  candidateRemoteDeadlineMs,
  pageRenderDeadlineMs,
  routeCheckDeadlineMs,
  workerStartDeadlineMs,
} from '../../../platform/deadlines.cjs';
import type { ServerConfig } from '../config';
import { RenderOverrun, Renderer } from './renderer';
import { rendererSetup } from './renderer-setup';
import { readRemoteSet, releasesOf } from '../remotes/remote-set';
import type { RenderFailure, ShellAssets } from '../../../platform/render-protocol/worker-protocol';
import { routes } from '../../../platform/routes/routes.cjs';

/** What `server.js --check` finds, printed as the last line of its output. */
export interface RouteCheck {
  readonly ok: boolean;
  readonly releases: Readonly<Record<string, string>>;
  readonly problems: readonly string[];
}

/** The routes the check renders: every one the server renders. */
const renderedRoutes = routes.filter((route) => !('clientOnly' in route));

/** What the check says of each kind of failed render. */
const checkFailure: Record<RenderFailure['kind'], string> = {
  threw: 'threw while rendering',
  'not-loaded': 'could not load its page',
  unavailable: 'showed its remote as unavailable',
};

/** @param ms @returns e.g. "3 s" */
const seconds = (ms: number): string => `${Math.round(ms / 100) / 10} s`;

/**
 * The whole check ends within its deadline: past it, it says so on its last line and exits 1,
 * whatever still hangs (a worker that never starts, a fetch that never ends).
 * @param remoteMs the remote deadline in force
 */
export function stopCheckAtDeadline(remoteMs: number): void {
  const deadlineMs = routeCheckDeadlineMs(
    candidateRemoteDeadlineMs(remoteMs),
    renderedRoutes.length,
  );
  setTimeout(() => {
    const check: RouteCheck = {
      ok: false,
      releases: {},
      problems: [`the check did not finish within its deadline of ${seconds(deadlineMs)}`],
    };
    process.stdout.write(`${JSON.stringify(check)}\n`);
    process.exit(1);
    // Not unref'd: a check whose workers and fetches are all unref'd must still end non-zero.
  }, deadlineMs);
}

/**
 * Renders every server-rendered route with the remotes a remotes.json names, in a worker, as
 * the server would serve them: what `npm run promote` asks before a set of versions goes live.
 */
export async function checkRoutes(config: ServerConfig, shell: ShellAssets): Promise<RouteCheck> {
  const remoteMs = candidateRemoteDeadlineMs(config.deadlineMs);
  const set = await readRemoteSet(config.remotesJson, remoteMs);
  const problems = set.down.map(
    (alias) => `${alias} did not answer: ${set.problems[alias] ?? 'no answer'}`,
  );
  if (set.down.length > 0) return { ok: false, releases: releasesOf(set), problems };
  const startMs = workerStartDeadlineMs(remoteMs);
  const pageMs = pageRenderDeadlineMs(remoteMs);
  const renderer = new Renderer(
    set.key,
    rendererSetup(set, { deadlineMs: remoteMs, siteOrigin: config.siteOrigin }, shell, 'live'),
    startMs,
    undefined,
    config.workerEnv,
  );
  try {
    try {
      await renderer.ready;
    } catch (error) {
      problems.push(
        `its render worker did not start (the render server allows ${seconds(startMs)}): ${error instanceof Error ? error.message : String(error)}`,
      );
      return { ok: false, releases: releasesOf(set), problems };
    }
    for (const route of renderedRoutes) {
      let page;
      try {
        page = await renderer.render(route.path, pageMs);
      } catch (error) {
        if (!(error instanceof RenderOverrun)) throw error;
        // The worker is stopped with the render: the routes after it are not checked.
        problems.push(
          `${route.path} did not render within the render server's page deadline of ${seconds(pageMs)}: visitors would be served its last good render or a 503`,
        );
        break;
      }
      if (page.failure)
        problems.push(`${route.path} ${checkFailure[page.failure.kind]}: ${page.failure.message}`);
      else if (page.status !== 200) problems.push(`${route.path} answered ${page.status}`);
    }
  } catch (error) {
    problems.push(`rendering failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    renderer.retire(0);
  }
  return { ok: problems.length === 0, releases: releasesOf(set), problems };
}
