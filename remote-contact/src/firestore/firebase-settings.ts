/**
 * The deploy-time Firebase settings (firebase-config.json beside remoteEntry.js). A deployment
 * picks its project by replacing that file; nothing secret lives in it or in the repository
 * (a web apiKey only names the project; the security rules guard the data).
 */
export interface FirebaseSettings {
  readonly projectId: string;
  readonly apiKey: string;
  readonly authDomain?: string;
  readonly appId?: string;
  /** Set for a local Firestore emulator; absent in production. */
  readonly emulator?: { readonly host: string; readonly port: number };
}

export class FirebaseSettingsError extends Error {
  override name = 'FirebaseSettingsError';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function requiredString(source: Record<string, unknown>, key: string): string {
  const value = source[key];
  if (typeof value !== 'string' || value.trim() === '') {
    throw new FirebaseSettingsError(`firebase-config.json needs a non-empty string "${key}"`);
  }
  return value;
}

function optionalString(source: Record<string, unknown>, key: string): string | undefined {
  const value = source[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') {
    throw new FirebaseSettingsError(`firebase-config.json: "${key}" must be a string`);
  }
  return value;
}

/** Checks the file's shape, so a broken deployment fails with a message that says why. */
export function parseFirebaseSettings(json: unknown): FirebaseSettings {
  if (!isRecord(json)) throw new FirebaseSettingsError('firebase-config.json is not an object');
  const settings: {
    projectId: string;
    apiKey: string;
    authDomain?: string;
    appId?: string;
    emulator?: { host: string; port: number };
  } = { projectId: requiredString(json, 'projectId'), apiKey: requiredString(json, 'apiKey') };
  const authDomain = optionalString(json, 'authDomain');
  const appId = optionalString(json, 'appId');
  if (authDomain) settings.authDomain = authDomain;
  if (appId) settings.appId = appId;
  if (json.emulator !== undefined) {
    const emulator = json.emulator;
    if (
      !isRecord(emulator) ||
      typeof emulator.host !== 'string' ||
      typeof emulator.port !== 'number' ||
      !Number.isInteger(emulator.port)
    ) {
      throw new FirebaseSettingsError(
        'firebase-config.json: "emulator" must be { "host": string, "port": integer }',
      );
    }
    settings.emulator = { host: emulator.host, port: emulator.port };
  }
  return settings;
}
