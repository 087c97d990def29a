import type { RemoteAlias } from '../routes/routes.cjs';

/**
 * What the render server tells a render worker (a child process) when it starts it: one set of
 * remote versions. Nothing in it is a key: the worker runs remote teams' code.
 */
export interface RendererSetup {
  /** Each remote's server manifest (where its Node build is). */
  readonly serverRemotes: Readonly<Record<RemoteAlias, string>>;
  /** Each remote's browser manifest, as remotes.json says. */
  readonly browserRemotes: Readonly<Record<RemoteAlias, string>>;
  /** The browser manifests fetched for this set, by URL: the HTML pins them. */
  readonly manifests: Readonly<Record<string, BrowserManifest>>;
  /** Remotes that did not answer when this set was read: their pages are drawn unavailable. */
  readonly down: readonly RemoteAlias[];
  /** How long a remote may take before its page area is drawn unavailable. */
  readonly deadlineMs: number;
  /** The canonical origin ("https://firstday.studio"). */
  readonly siteOrigin: string;
  /** What the shell's own build puts on every page. */
  readonly shell: ShellAssets;
  /** How the pages name this set in their field data. */
  readonly field: FieldTag;
  /** Set for a reviewer's preview: the pages carry a badge and are never indexed. */
  readonly preview?: PreviewState;
}

/** How the render server serves a version set: to everyone, to a canary's share, to a reviewer. */
export type Lane = 'live' | 'canary' | 'preview';

/** What a page's field data says of the set it runs. */
export interface FieldTag {
  /** The version set's short id (12 hex digits). */
  readonly set: string;
  readonly lane: Lane;
}

/** A preview's releases, for its badge. */
export interface PreviewState {
  /** Each previewed remote's release ("1.4.0+3bee290"). */
  readonly releases: Readonly<Partial<Record<RemoteAlias, string>>>;
  /** When the link stops working (ISO time). */
  readonly expiresAt: string;
}

export interface ShellAssets {
  /** Scripts that start the client, in order (main.js). */
  readonly scripts: readonly string[];
  /** Chunks main.js will ask for first, fetched alongside it. */
  readonly preloads: readonly string[];
  /** The shell's stylesheets: URL path and text. */
  readonly styles: readonly { readonly href: string; readonly css: string }[];
  /** The site's icon <link>. */
  readonly icon: string;
}

/** The parts of a browser manifest the server reads. */
export interface BrowserManifest {
  readonly metaData: {
    readonly name: string;
    readonly remoteEntry: { readonly name: string };
    /** The release, as `npm run release` stamps it (development builds may lack it). */
    readonly buildInfo?: { readonly buildVersion?: string };
  };
  readonly exposes: readonly {
    readonly path: string;
    readonly assets: {
      readonly js: { readonly sync: readonly string[]; readonly async: readonly string[] };
      readonly css: { readonly sync: readonly string[]; readonly async: readonly string[] };
    };
  }[];
}

/**
 * A render that did not go as it should: the page threw while rendering (its HTML is not the
 * page), its remote answered but the page could not be loaded from it (a module it does not
 * expose, a chunk that is not there: a release fault, not an outage), or its remote did not
 * answer in time (the page area is drawn unavailable).
 */
export interface RenderFailure {
  readonly kind: 'threw' | 'not-loaded' | 'unavailable';
  readonly message: string;
  readonly stack?: string;
}

/** The render server's first message to a render worker: the set it renders. */
export interface WorkerSetupMessage {
  readonly type: 'setup';
  readonly setup: RendererSetup;
}

export interface RenderRequest {
  readonly id: number;
  readonly path: string;
}

export type WorkerMessage =
  | { readonly type: 'ready' }
  | { readonly type: 'failed'; readonly message: string }
  | {
      readonly type: 'rendered';
      readonly id: number;
      readonly status: 200 | 404;
      readonly html: string;
      /** False when a remote failed during this render: not worth caching. */
      readonly complete: boolean;
      /** What went wrong, for the server's log (the worker does not log). */
      readonly failure?: RenderFailure;
    }
  | { readonly type: 'render-failed'; readonly id: number; readonly message: string };
