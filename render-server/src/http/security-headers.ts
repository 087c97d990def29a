import type http from 'node:http';
import {
  contentSecurityPolicy,
  documentHeaders,
  commonHeaders,
  inlineScriptHashes,
  overHttps,
  strictTransportSecurity,
  type FirebaseSettingsLike,
} from '../../../platform/security/security-policy.cjs';
import type { ServerConfig } from '../config';
import { errorField, log } from '../log';

/** The firebase-config.json remote-contact is deployed with, beside its manifest. */
async function fetchFirebaseSettings(
  remotesJson: string,
  deadlineMs: number,
): Promise<FirebaseSettingsLike | undefined> {
  const contact = (JSON.parse(remotesJson) as Record<string, unknown>)['remote-contact'];
  if (typeof contact !== 'string') return undefined;
  const response = await fetch(new URL('firebase-config.json', contact), {
    signal: AbortSignal.timeout(deadlineMs),
    headers: { 'Cache-Control': 'no-cache' },
  });
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}`);
  return (await response.json()) as FirebaseSettingsLike;
}

/**
 * The headers of the site's pages. The policy follows the remotes in force: when remotes.json
 * changes, remote-contact's Firebase settings are read again (they say which Firestore the
 * contact form writes to), and until they have been read once a page waits for them, briefly.
 * Inline scripts are allowed by the hashes of exactly the scripts each page carries.
 */
export class SecurityHeaders {
  private remotesJson: string | undefined;
  private firebase: FirebaseSettingsLike | undefined;
  private reading: Promise<void> | undefined;
  private readonly hashes = new WeakMap<object, string[]>();

  constructor(private readonly config: ServerConfig) {}

  private refresh(remotesJson: string): Promise<void> {
    if (remotesJson === this.remotesJson && this.reading) return this.reading;
    this.remotesJson = remotesJson;
    this.reading = fetchFirebaseSettings(remotesJson, this.config.deadlineMs).then(
      (settings) => {
        this.firebase = settings;
      },
      (error: unknown) => {
        // The last settings stay in force; the next change of remotes.json tries again.
        log('ERROR', "Cannot read remote-contact's firebase-config.json for the page policy", {
          error: errorField(error),
        });
      },
    );
    return this.reading;
  }

  /** Re-reads the settings now and then even when remotes.json did not change. */
  watch(remotesJson: () => string | undefined): NodeJS.Timeout {
    const timer = setInterval(() => {
      const current = remotesJson();
      if (current === undefined) return;
      if (current !== this.remotesJson) void this.refresh(current);
    }, this.config.pollMs);
    timer.unref();
    return timer;
  }

  /** Headers for a page whose HTML is `page.html`, rendered with `remotesJson` in force. */
  async forPage(
    req: http.IncomingMessage,
    page: { readonly html: string },
    remotesJson: string | undefined,
  ): Promise<Record<string, string>> {
    if (remotesJson !== undefined) {
      const reading = this.refresh(remotesJson);
      await Promise.race([
        reading,
        new Promise((resolve) => setTimeout(resolve, this.config.deadlineMs)),
      ]);
    }
    let scriptHashes = this.hashes.get(page);
    if (!scriptHashes) {
      scriptHashes = inlineScriptHashes(page.html);
      this.hashes.set(page, scriptHashes);
    }
    const https = overHttps(req);
    const policy = contentSecurityPolicy({
      remotes: remotesJson ? (JSON.parse(remotesJson) as Record<string, unknown>) : {},
      firebase: this.firebase,
      scriptHashes,
      https,
      authEmulatorHost: this.config.authEmulatorHost,
    });
    return {
      ...documentHeaders,
      [this.config.cspReportOnly
        ? 'Content-Security-Policy-Report-Only'
        : 'Content-Security-Policy']: policy,
      ...(https ? { 'Strict-Transport-Security': strictTransportSecurity } : {}),
    };
  }

  /** Headers for anything that is not a page (files, robots.txt, remotes.json). */
  forFile(req: http.IncomingMessage): Record<string, string> {
    return {
      ...commonHeaders,
      ...(overHttps(req) ? { 'Strict-Transport-Security': strictTransportSecurity } : {}),
    };
  }
}
