import fs from 'node:fs';
import path from 'node:path';
import paths from '../../../tools/stack/paths.cjs';
import { ports } from './site';
import type { ScriptResponse } from './collect-scripts';

interface Manifest {
  exposes: { path: string; assets: { js: { sync: string[] } } }[];
}

/**
 * The inbox's own scripts in remote-contact's build: its exposed module and the chunks named
 * "staff-…" (the full Firestore SDK). Shared chunks (React, firebase/app, and Firebase Auth,
 * which the contact form's anonymous sign-in uses too) are not.
 */
function inboxFiles(): Set<string> {
  const dist = paths.distOf('remote-contact');
  const manifest = JSON.parse(
    fs.readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8'),
  ) as Manifest;
  const exposed = manifest.exposes.find((entry) => entry.path === './staff-inbox');
  if (!exposed) throw new Error('remote-contact exposes no ./staff-inbox');
  const named = fs.readdirSync(dist).filter((file) => /^staff-.*\.js$/.test(file));
  return new Set([...exposed.assets.js.sync, ...named]);
}

/** Firebase Auth talks to this service; nothing else on the site names it. */
const authSignature = 'identitytoolkit.googleapis.com';

/** What of the staff side a page downloaded: Firebase Auth, and which inbox files. */
export function staffCodeIn(scripts: readonly ScriptResponse[]): {
  auth: boolean;
  inbox: string[];
} {
  const inbox = inboxFiles();
  return {
    auth: scripts.some(({ body }) => body.toString('utf8').includes(authSignature)),
    inbox: scripts
      .map(({ url }) => new URL(url))
      .filter(
        (url) =>
          url.port === String(ports['remote-contact']) &&
          inbox.has(path.posix.basename(url.pathname)),
      )
      .map((url) => path.posix.basename(url.pathname)),
  };
}
