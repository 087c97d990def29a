import { readConfig, ConfigError } from './config';
import { createHttpServer } from './http-server';
import { PageService } from './page-service';
import { readShellAssets } from './shell-assets';

/**
 * The shell's render server: a stateless Node process. Every instance reads remotes.json and the
 * remotes' builds itself, so a CDN in front can spread visitors over as many as needed.
 */
async function main(): Promise<void> {
  const config = readConfig(process.env, __dirname);
  const pages = new PageService(config, await readShellAssets(config.staticDir));
  await pages.start();
  const server = createHttpServer(config, pages);
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    console.log(`Render server listening on http://${config.host}:${port}/`);
  });
  const stop = () => {
    pages.stop();
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
