import { readConfig, ConfigError } from './config';
import { createHttpServer } from './http/http-server';
import { errorField, log } from './log';
import { PageService } from './cache/page-service';
import { createFieldData } from './field-data';
import { checkRoutes } from './worker/route-check';
import { readShellAssets } from './worker/shell-assets';

/**
 * The shell's render server: a stateless Node process. Every instance reads remotes.json and the
 * remotes' builds itself, so a CDN in front can spread visitors over as many as needed.
 */
async function main(): Promise<void> {
  const config = readConfig(process.env, __dirname);
  const shell = await readShellAssets(config.staticDir);
  // `server.js --check`: render every route with REMOTES_JSON's versions, say what failed, exit.
  if (process.argv.includes('--check')) {
    const check = await checkRoutes(config, shell);
    process.stdout.write(`${JSON.stringify(check)}\n`);
    process.exit(check.ok ? 0 : 1);
  }
  // Field data: beacons name the sets this server served lately; the canary judge's decisions
  // are read from the same Firestore the aggregates go to.
  const fieldData = createFieldData(process.env, (id) => pages.fieldSet(id));
  const store = fieldData.store;
  const pages = new PageService(
    config,
    shell,
    store &&
      (async (canary) => {
        const decision = await store.getDocument(`canaryDecisions/${canary}`);
        return decision && { decision: String(decision.decision), reasons: decision.reasons };
      }),
  );
  await pages.start();
  const server = createHttpServer(config, pages, fieldData.handle);
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    log('INFO', `Render server listening on http://${config.host}:${port}/`);
  });
  const stop = () => {
    pages.stop();
    // What was gathered since the last flush is written before the process ends.
    server.close(() => void fieldData.stop().finally(() => process.exit(0)));
    server.closeAllConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  log('ERROR', error instanceof ConfigError ? error.message : 'The render server could not start', {
    error: errorField(error),
  });
  process.exit(1);
});
