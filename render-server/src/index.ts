import type http from 'node:http';
import { readConfig, readHandedSecret, ConfigError, type ServerConfig } from './config';
import { createHttpServer } from './http/http-server';
import { createPageHandler } from './http/page-handler';
import { answerPreviewPath } from './http/preview-routes';
import { createRemoteFileServer } from './http/remote-files';
import { remoteFonts, remoteImages } from '../../platform/render-protocol/remote-file-paths';
import { SecurityHeaders } from './http/security-headers';
import { shellFiles, siteFileOf } from './http/site-files';
import { configureLog, errorField, errorOnce, log } from './log';
import { PageService } from './pages/page-service';
import {
  createFieldData,
  createFieldDataStore,
  readFieldDataConfig,
  type FieldData,
  type FieldDataConfig,
} from './field-data';
import { decisionReaderOf } from './lanes/canary-decisions';
import { readPreviewHere } from './lanes/preview-reading';
import { ReleaseLanes } from './lanes/release-lanes';
import { CanaryDraw, holdsLane, laneFor } from './lanes/visitor-lane';
import { ContactSettings } from './remotes/contact-settings';
import { checkRoutes, stopCheckAtDeadline } from './worker/route-check';
import { readShellAssets } from './worker/shell-assets';
import { renderWorkerFile } from './worker/renderer';
import { workersCannotStart } from './worker/worker-user';
import type { ShellAssets } from '../../platform/render-protocol/worker-protocol';
import { overHttps } from '../../platform/security/security-policy.cjs';

/** Failures already logged (version set, path, kind): a broken page is logged once, not per request. */
const maxFailuresRemembered = 256;

/**
 * The render server, put together in one place. From the bottom up: the release lanes (the
 * remotes poller, the live, canary and preview workers, the judge's decisions, the sets served
 * lately), the page service that asks them which set serves a request and keeps rendered pages,
 * the field-data intake, the handlers of pages, files, fonts and preview links, and the HTTP
 * server that routes requests to them. Nothing below imports what is above it.
 */
function compose(config: ServerConfig, fieldDataConfig: FieldDataConfig, shell: ShellAssets) {
  const logOnce = errorOnce(maxFailuresRemembered);
  // Field data: beacons name the sets this server served lately; the canary judge's decisions
  // are read from the same Firestore the aggregates go to.
  const keys = {
    preview: (token: string) => readPreviewHere(config, token),
    cohort: config.cohortKey,
  };
  const store = createFieldDataStore(fieldDataConfig);
  const lanes = new ReleaseLanes(config, shell, decisionReaderOf(store), logOnce);
  const pages = new PageService(config, lanes, logOnce);
  const fieldData: FieldData = createFieldData(fieldDataConfig, {
    store,
    setInfo: (id) => lanes.fieldSet(id),
    tokens: { key: config.viewTokenKey, mayHold: (req, info) => holdsLane(req, info, keys) },
  });

  const contact = new ContactSettings(config.deadlineMs);
  // The page policy follows the remotes the pages are rendered from, read by their one poller.
  const unfollow = lanes.onRemoteSet((set) => void contact.follow(set));
  const security = new SecurityHeaders(config, contact);
  const draw = new CanaryDraw();
  const server = createHttpServer({
    headers: (req) => security.forFile(req),
    beacons: fieldData.handle,
    viewTokens: fieldData.viewToken,
    siteFile: (pathname) => siteFileOf(pathname, config.siteOrigin, lanes.remoteSet?.remotesJson),
    remoteFiles: [remoteFonts, remoteImages].map((kind) =>
      createRemoteFileServer(
        kind,
        () => lanes.servedSets.map((set) => set.browserRemotes),
        config.deadlineMs,
      ),
    ),
    previewPath: (req: http.IncomingMessage, res: http.ServerResponse, pathname: string) =>
      answerPreviewPath(req, res, pathname, keys.preview, overHttps(req)),
    files: shellFiles(config.staticDir),
    page: createPageHandler({
      config,
      canary: () => lanes.canary,
      laneOf: (req, canary, https) => laneFor(req, canary, keys, draw, https),
      page: (pathname, lane) => pages.page(pathname, lane),
      liveSet: () => lanes.remoteSet,
      security,
    }),
  });
  server.on('close', unfollow);
  return { lanes, fieldData, server };
}

/**
 * The shell's render server: a stateless Node process. Every instance reads remotes.json and the
 * remotes' builds itself, so a CDN in front can spread visitors over as many as needed.
 */
async function main(): Promise<void> {
  const checking = process.argv.includes('--check');
  // The keys' secret comes on stdin, never in the environment: the render workers this process
  // starts run remote teams' code, and could read this process's environment.
  const handed = process.argv.includes('--keys-on-stdin')
    ? await readHandedSecret(process.stdin)
    : undefined;
  // The environment is read here only, once, and checked before anything starts.
  const config = readConfig(process.env, __dirname, checking, handed);
  const fieldDataConfig = readFieldDataConfig(process.env);
  configureLog(config);
  const cannotStart = workersCannotStart(renderWorkerFile);
  if (cannotStart) throw new ConfigError(cannotStart);
  // `server.js --check`: render every route with REMOTES_JSON's versions, say what failed, exit
  // (non-zero when anything failed or it ran out of time).
  if (checking) {
    stopCheckAtDeadline(config.deadlineMs);
    const check = await checkRoutes(config, await readShellAssets(config.staticDir));
    process.stdout.write(`${JSON.stringify(check)}\n`);
    process.exit(check.ok ? 0 : 1);
  }
  const { lanes, fieldData, server } = compose(
    config,
    fieldDataConfig,
    await readShellAssets(config.staticDir),
  );
  await lanes.start();
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    log('INFO', `Render server listening on http://${config.host}:${port}/`);
  });
  const stop = () => {
    lanes.stop();
    // What was gathered since the last flush is written before the process ends.
    server.close(() => void fieldData.stop().finally(() => process.exit(0)));
    server.closeAllConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  // A setting at fault is said once, whole, in the message: its stack would only repeat it.
  if (error instanceof ConfigError) log('ERROR', error.message);
  else log('ERROR', 'The render server could not start', { error: errorField(error) });
  process.exit(1);
});
