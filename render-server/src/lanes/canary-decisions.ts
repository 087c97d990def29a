import { decisionsCollection } from '../../../platform/releases/canary-decisions.cjs';
import { errorField, log } from '../log';

/** A canary's judge's decision, as written to `canaryDecisions/{id}`. */
interface CanaryDecision {
  readonly decision: string;
  readonly reasons?: unknown;
}

/** Reads a canary's decision document: null when there is none. */
export type DecisionReader = (canaryId: string) => Promise<CanaryDecision | null>;

/** What the decisions are read from: the field data's Firestore client fits. */
interface DocumentReader {
  getDocument(path: string): Promise<Readonly<Record<string, unknown>> | null>;
}

/** The decisions as the field data's store holds them (the collection named by the platform). */
export function decisionReaderOf(store: DocumentReader | null): DecisionReader | null {
  return (
    store &&
    (async (canary) => {
      const decision = await store.getDocument(`${decisionsCollection}/${canary}`);
      return decision && { decision: String(decision.decision), reasons: decision.reasons };
    })
  );
}

/**
 * Whether a canary's judge has rolled it back. The judge (the scheduled function, or
 * `npm run canary`) writes its decision to Firestore, which every render instance reads: a
 * rollback stops the canary everywhere at once, before remotes.json is redeployed without it.
 * Read at most every `everyMs`; an unreadable store leaves the canary as it was.
 */
export class CanaryDecisions {
  private readonly rolledBack = new Set<string>();
  private lastRead = new Map<string, number>();

  constructor(
    private readonly read: DecisionReader | null,
    private readonly everyMs: number,
  ) {}

  /** True once the canary `id` has been rolled back by its judge. */
  async isRolledBack(id: string, now = Date.now()): Promise<boolean> {
    if (this.rolledBack.has(id)) return true;
    if (!this.read || now - (this.lastRead.get(id) ?? 0) < this.everyMs) return false;
    this.lastRead = new Map([[id, now]]);
    try {
      const decision = await this.read(id);
      if (decision?.decision !== 'rollback') return false;
      this.rolledBack.add(id);
      log('NOTICE', 'The canary was rolled back by its judge; every visitor gets the live set', {
        canary: id,
        reasons: decision.reasons,
      });
      return true;
    } catch (error) {
      log('WARNING', "Cannot read the canary's decision; the canary goes on", {
        canary: id,
        error: errorField(error),
      });
      return false;
    }
  }
}
