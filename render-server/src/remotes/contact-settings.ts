import type { FirebaseSettingsLike } from '../../../platform/security/security-policy.cjs';
import { errorField, log } from '../log';
import { fetchWithinDeadline, uncached } from './fetch-within-deadline';
import type { RemoteSet } from './remote-set';

/**
 * remote-contact's Firebase settings (the firebase-config.json it is deployed with, beside its
 * manifest), for the page policy: they say which Firestore the contact form writes to. They are
 * read again whenever the remote set's remotes.json changes.
 */
export class ContactSettings {
  private remotesJson: string | undefined;
  private reading: Promise<void> | undefined;
  private settings: FirebaseSettingsLike | undefined;

  constructor(private readonly deadlineMs: number) {}

  /** The settings last read, if any was. */
  get firebase(): FirebaseSettingsLike | undefined {
    return this.settings;
  }

  /** Reads the settings of `set` unless they are read or being read; resolves once read. */
  follow(set: RemoteSet): Promise<void> {
    if (set.remotesJson === this.remotesJson && this.reading) return this.reading;
    this.remotesJson = set.remotesJson;
    this.reading = this.read(set.browserRemotes['remote-contact']).then(
      (settings) => {
        this.settings = settings;
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

  private async read(contactManifest: string): Promise<FirebaseSettingsLike> {
    const url = new URL('firebase-config.json', contactManifest);
    const response = await fetchWithinDeadline(url, this.deadlineMs, uncached);
    return (await response.json()) as FirebaseSettingsLike;
  }
}
