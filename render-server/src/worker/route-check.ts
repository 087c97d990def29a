import {
  candidateRemoteDeadlineMs,
  pageRenderDeadlineMs,
  routeCheckDeadlineMs,
  workerStartDeadlineMs,
} from '../../../platform/deadlines.cjs';
import type { ServerConfig } from '../config';
import { Renderer } from './renderer';
import { rendererSetup } from './renderer-setup';
import { readRemoteSet, releasesOf } from '../remotes/remote-set';
import type { ShellAssets } from '../../../platform/render-protocol/worker-protocol';
import { routes } from '../../../platform/routes/routes.cjs';

/** What `server.js --check` finds, printed as the last line of its output. */
export interface RouteCheck {
  readonly ok: boolean;
  readonly releases: Readonly<Record<string, string>>;
  readonly problems: readonly string[];
}

/**
 * The whole check ends within its deadline: past it, it says so on its last line and exits 1,
 * whatever still hangs (a worker that never starts, a fetch that never ends).
 * @param remoteMs the remote deadline in force (the check gives each remote five of them)
 */
export function stopCheckAtDeadline(remoteMs: number): void {
  const deadlineMs = routeCheckDeadlineMs(candidateRemoteDeadlineMs(remoteMs), routes.length);
  setTimeout(() => {
    const check: RouteCheck = {
      ok: false,
      releases: {},
      problems: [`the check did not finish within ${deadlineMs} ms`],
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
  const renderer = new Renderer(
    set.key,
    rendererSetup(set, { deadlineMs: remoteMs, siteOrigin: config.siteOrigin }, shell, 'live'),
    workerStartDeadlineMs(remoteMs),
  );
  try {
    await renderer.ready;
    for (const route of routes) {
      if ('clientOnly' in route) continue;
      const page = await renderer.render(route.path, pageRenderDeadlineMs(remoteMs));
      if (page.failure)
        problems.push(
          `${route.path} ${page.failure.kind === 'threw' ? 'threw while rendering' : 'showed its remote as unavailable'}: ${page.failure.message}`,
        );
      else if (page.status !== 200) problems.push(`${route.path} answered ${page.status}`);
    }
  } catch (error) {
    problems.push(`rendering failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    renderer.retire(0);
  }
  return { ok: problems.length === 0, releases: releasesOf(set), problems };
}
