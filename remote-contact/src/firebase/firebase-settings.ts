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
  readonly emulator?: EmulatorAddress;
  /**
   * Set for a local Firebase Auth emulator (the form signs visitors in anonymously there, the
   * staff inbox signs staff in); absent in production.
   */
  readonly authEmulator?: EmulatorAddress;
  /** How staff may sign in to the inbox; email and password when absent. */
  readonly signInProviders?: readonly SignInProvider[];
  /** Firebase App Check: how this page proves it is the studio's site. Absent: no App Check. */
  readonly appCheck?: AppCheckSettings;
}

interface EmulatorAddress {
  readonly host: string;
  readonly port: number;
}

/** 'password': email and password; 'google': a Google account (enable it in the console first). */
type SignInProvider = 'password' | 'google';

const signInProviders: readonly SignInProvider[] = ['password', 'google'];

export type AppCheckSettings =
  /** Production: reCAPTCHA Enterprise with the site key registered for the web app. */
  | { readonly provider: 'recaptcha-enterprise'; readonly siteKey: string }
  /**
   * Local and CI: the SDK's debug mode. Without a token the SDK makes one and prints it to the
   * console (register it in the Firebase console to use a real project); with one, it uses it.
   */
  | { readonly provider: 'debug'; readonly debugToken?: string };

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

function parseAppCheck(value: unknown): AppCheckSettings {
  if (isRecord(value) && value.provider === 'recaptcha-enterprise') {
    return { provider: 'recaptcha-enterprise', siteKey: requiredString(value, 'siteKey') };
  }
  if (isRecord(value) && value.provider === 'debug') {
    const debugToken = optionalString(value, 'debugToken');
    return debugToken ? { provider: 'debug', debugToken } : { provider: 'debug' };
  }
  throw new FirebaseSettingsError(
    'firebase-config.json: "appCheck" must be { "provider": "recaptcha-enterprise", "siteKey": string } or { "provider": "debug" }',
  );
}

function parseEmulator(value: unknown, key: string): EmulatorAddress {
  if (
    !isRecord(value) ||
    typeof value.host !== 'string' ||
    typeof value.port !== 'number' ||
    !Number.isInteger(value.port)
  ) {
    throw new FirebaseSettingsError(
      `firebase-config.json: "${key}" must be { "host": string, "port": integer }`,
    );
  }
  return { host: value.host, port: value.port };
}

function parseSignInProviders(value: unknown): readonly SignInProvider[] {
  const known = (item: unknown): item is SignInProvider =>
    signInProviders.includes(item as SignInProvider);
  if (!Array.isArray(value) || value.length === 0 || !value.every(known)) {
    throw new FirebaseSettingsError(
      'firebase-config.json: "signInProviders" must be a non-empty list of "password" and "google"',
    );
  }
  return [...new Set(value)];
}

/** The options firebase's initializeApp takes: the project's identity, nothing local. */
export function firebaseOptions(settings: FirebaseSettings): {
  projectId: string;
  apiKey: string;
  authDomain?: string;
  appId?: string;
} {
  const { projectId, apiKey, authDomain, appId } = settings;
  return {
    projectId,
    apiKey,
    ...(authDomain ? { authDomain } : {}),
    ...(appId ? { appId } : {}),
  };
}

/** Checks the file's shape, so a broken deployment fails with a message that says why. */
export function parseFirebaseSettings(json: unknown): FirebaseSettings {
  if (!isRecord(json)) throw new FirebaseSettingsError('firebase-config.json is not an object');
  const settings: {
    projectId: string;
    apiKey: string;
    authDomain?: string;
    appId?: string;
    emulator?: EmulatorAddress;
    authEmulator?: EmulatorAddress;
    signInProviders?: readonly SignInProvider[];
    appCheck?: AppCheckSettings;
  } = { projectId: requiredString(json, 'projectId'), apiKey: requiredString(json, 'apiKey') };
  const authDomain = optionalString(json, 'authDomain');
  const appId = optionalString(json, 'appId');
  if (authDomain) settings.authDomain = authDomain;
  if (appId) settings.appId = appId;
  if (json.emulator !== undefined) settings.emulator = parseEmulator(json.emulator, 'emulator');
  if (json.authEmulator !== undefined) {
    settings.authEmulator = parseEmulator(json.authEmulator, 'authEmulator');
  }
  if (json.signInProviders !== undefined) {
    settings.signInProviders = parseSignInProviders(json.signInProviders);
  }
  if (json.appCheck !== undefined) settings.appCheck = parseAppCheck(json.appCheck);
  return settings;
}
