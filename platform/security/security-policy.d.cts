/** Types of security-headers.cjs for the render server's TypeScript. */
import type { IncomingMessage } from 'node:http';

export interface FirebaseSettingsLike {
  emulator?: { host: string; port: number };
  authEmulator?: { host: string; port: number };
  appCheck?: { provider: string };
}
export declare const commonHeaders: Readonly<Record<string, string>>;
export declare const documentHeaders: Readonly<Record<string, string>>;
export declare const strictTransportSecurity: string;
export declare const deniedFeatures: readonly string[];
export declare function overHttps(req: IncomingMessage): boolean;
export declare function inlineScriptHashes(html: string): string[];
export declare function remoteOrigins(remotes: Record<string, unknown>): string[];
export declare function contentSecurityPolicy(options: {
  remotes: Record<string, unknown>;
  firebase?: FirebaseSettingsLike;
  scriptHashes?: string[];
  https?: boolean;
  authEmulatorHost?: string;
  development?: boolean;
}): string;
