import type http from 'node:http';
import {
  contentSecurityPolicy,
  documentHeaders,
  commonHeaders,
  inlineScriptHashes,
  overHttps,
  strictTransportSecurity,
} from '../../../platform/security/security-policy.cjs';
import type { ServerConfig } from '../config';
import type { ContactSettings } from '../remotes/contact-settings';
import type { RemoteSet } from '../remotes/remote-set';

/**
 * The headers of the site's pages. The policy follows the remote set in force (the one poller's):
 * its remotes' origins, and remote-contact's Firebase settings for that set, which a page waits
 * for, briefly, until they have been read once.
 * Inline scripts are allowed by the hashes of exactly the scripts each page carries.
 */
export class SecurityHeaders {
  private readonly hashes = new WeakMap<object, string[]>();

  constructor(
    private readonly config: ServerConfig,
    private readonly contact: ContactSettings,
  ) {}

  /**
   * Headers for a page whose HTML is `page.html`, with the live remote set `set` in force,
   * rendered from `pageSet` (a canary's or a preview's, or the live one): its remotes are allowed.
   */
  async forPage(
    req: http.IncomingMessage,
    page: { readonly html: string },
    set: RemoteSet | undefined,
    pageSet: RemoteSet | undefined = set,
  ): Promise<Record<string, string>> {
    if (set !== undefined) {
      const reading = this.contact.follow(set);
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
      // remotes.json as the poller parsed it: every remote's URL, nothing else is accepted.
      remotes: pageSet?.browserRemotes ?? {},
      firebase: this.contact.firebase,
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
