/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { readConfig, ConfigError } from '../config';
import { readPreviewHere } from '../lanes/preview-reading';
import {
  keyProblem,
  localPreviewSecret,
  signPreview,
} from '../../../platform/releases/preview-token.cjs';

/** The config of a server started with `env` and handed `PREVIEW_SECRET` on stdin. */
const read =
  ({ PREVIEW_SECRET, ...env }: NodeJS.ProcessEnv) =>
  () =>
    readConfig(env, __dirname, false, PREVIEW_SECRET);
const devKey = { PREVIEW_SECRET: localPreviewSecret };

describe("the render server's preview key", () => {
  it('is refused at start when guessable, wherever the server listens', () => {
    for (const HOST of ['0.0.0.0', '127.0.0.1'])
      expect(
        read({ HOST, SITE_ORIGIN: 'https://firstday.studio', PREVIEW_SECRET: 'a'.repeat(32) }),
      ).toThrow(/guessable/);
  });

  it('is never the development key for a public origin, even on a loopback address', () => {
    expect(read({ HOST: '127.0.0.1', SITE_ORIGIN: 'https://firstday.studio', ...devKey })).toThrow(
      ConfigError,
    );
    expect(read({ HOST: '0.0.0.0', ...devKey })).toThrow(/development key/);
    // The local stack: this machine's address, no public origin named.
    expect(read({ HOST: '127.0.0.1', ...devKey })).not.toThrow();
    expect(
      read({ HOST: '127.0.0.1', SITE_ORIGIN: 'http://localhost:3000', ...devKey }),
    ).not.toThrow();
  });

  it('signs no preview for a public origin with the development key, on a local server either', () => {
    const config = read({ HOST: '127.0.0.1', ...devKey })();
    const tokenFor = (audience: string) =>
      signPreview(
        localPreviewSecret,
        { releases: { 'remote-home': '1.0.0' }, audience },
        7 * 86_400,
      );
    expect(readPreviewHere(config, tokenFor('https://firstday.studio'))).toEqual({
      ok: false,
      reason: 'elsewhere',
    });
    expect(readPreviewHere(config, tokenFor('http://localhost:3000'))).toMatchObject({ ok: true });
  });

  it('is never read from its environment, where the processes it starts could read it', () => {
    expect(() =>
      readConfig({ HOST: '127.0.0.1', PREVIEW_SECRET: localPreviewSecret }, __dirname),
    ).toThrow(/must not be in the render server's environment/);
  });

  it('is made by `npm run preview -- --new-key`, and that key is taken', () => {
    const printed = execFileSync(process.execPath, [
      path.join(__dirname, '..', '..', '..', 'tools', 'preview', 'preview.mjs'),
      '--new-key',
    ])
      .toString()
      .trim();
    expect(keyProblem(printed, false)).toBeNull();
    expect(
      read({ HOST: '0.0.0.0', SITE_ORIGIN: 'https://firstday.studio', PREVIEW_SECRET: printed }),
    ).not.toThrow();
  });
});
