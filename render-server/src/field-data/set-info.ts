import type { Lane } from '../../../platform/field-data/aggregates.cjs';

/** What the page service knows of a version set a beacon names: how it was being served. */
export interface SetInfo {
  readonly lane: Lane;
  /** The canary running when the set was served, if any. */
  readonly canary: string | null;
  /** Each remote's release in the set. */
  readonly releases: Readonly<Record<string, string>>;
}

/** The version set of an id, or undefined for a set this server does not know. */
export type SetInfoOf = (id: string) => SetInfo | undefined;
