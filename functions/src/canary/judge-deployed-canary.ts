import type { Firestore } from 'firebase-admin/firestore';
import { parseCanary, type Canary } from '../../../platform/remotes/remotes-json.cjs';
import type { CanaryPolicy } from '../../../platform/releases/canary-judge.cjs';
import {
  readCanaryDecision,
  reviewCanary,
  storeCanaryDecision,
  type CanaryDecision,
  type CanaryVerdict,
} from '../../../platform/releases/canary-review.cjs';

/**
 * The scheduled judge of the deployed canary: reads the site's remotes.json where visitors'
 * render servers read it, and when a canary runs, judges it from the field data with the same
 * review as `npm run canary`. It cannot end the canary in remotes.json (that is a Hosting
 * deploy): the decision document it writes stops the canary on every render instance, and
 * `npm run canary` or `npm run promote -- --abort` bring the release directory in line.
 */

/** remotes.json is a few hundred bytes; anything far larger is not it. */
const maxPointerBytes = 64 * 1024;
const fetchDeadlineMs = 10_000;
const judgeName = 'scheduled function';

export type DeployedCanaryOutcome =
  | { kind: 'unreadable'; problem: string }
  | { kind: 'no-canary' }
  | { kind: 'decided-before'; canary: Canary; decision: CanaryDecision }
  | { kind: 'wait'; canary: Canary; verdict: CanaryVerdict }
  | { kind: 'decided'; canary: Canary; decision: CanaryDecision; written: boolean };

/** The canary the deployed remotes.json describes, or what kept it from being read. */
async function fetchCanary(
  pointerUrl: string,
): Promise<{ canary: Canary | null } | { problem: string }> {
  let text: string;
  try {
    const response = await fetch(pointerUrl, {
      signal: AbortSignal.timeout(fetchDeadlineMs),
      headers: { 'Cache-Control': 'no-cache' },
    });
    if (!response.ok) {
      await response.body?.cancel();
      return { problem: `${pointerUrl} answered ${response.status}` };
    }
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > maxPointerBytes) {
      await response.body?.cancel();
      return { problem: `${pointerUrl} is ${length} bytes, not a remotes.json` };
    }
    text = await response.text();
  } catch (error) {
    return {
      problem: `${pointerUrl} could not be fetched (${error instanceof Error ? error.message : error})`,
    };
  }
  if (text.length > maxPointerBytes) return { problem: `${pointerUrl} is not a remotes.json` };
  try {
    return { canary: parseCanary(JSON.parse(text) as unknown) };
  } catch (error) {
    return {
      problem: `${pointerUrl} is not a valid remotes.json (${error instanceof Error ? error.message : error})`,
    };
  }
}

export async function judgeDeployedCanary(
  db: Firestore,
  pointerUrl: string,
  policy: CanaryPolicy,
  now: number = Date.now(),
): Promise<DeployedCanaryOutcome> {
  const read = await fetchCanary(pointerUrl);
  if ('problem' in read) return { kind: 'unreadable', problem: read.problem };
  const { canary } = read;
  if (!canary) return { kind: 'no-canary' };
  const stored = await readCanaryDecision(db, canary.id);
  // A rollback stands until the deploy that ends the canary; judging it again would only repeat it.
  if (stored?.decision === 'rollback') return { kind: 'decided-before', canary, decision: stored };
  const verdict = await reviewCanary(db, canary, policy, now);
  // "No harm found" is the team's to act on (promote --finish), never an automatic decision.
  if (
    verdict.verdict === 'wait' ||
    verdict.verdict === 'inconclusive' ||
    verdict.verdict === 'finished'
  )
    return { kind: 'wait', canary, verdict };
  const { decision, written } = await storeCanaryDecision(
    db,
    canary,
    { ...verdict, verdict: verdict.verdict },
    judgeName,
    new Date(now),
  );
  return { kind: 'decided', canary, decision, written };
}
