import * as logger from 'firebase-functions/logger';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { canaryPolicyOf } from '../../../platform/releases/canary-judge.cjs';
import { database } from '../database';
import { textSetting } from '../settings';
import { judgeDeployedCanary } from './judge-deployed-canary';

const canaryPointerUrl = textSetting(
  'CANARY_POINTER_URL',
  '',
  "The site's remotes.json, as visitors' render servers read it (e.g. https://firstday.studio/remotes.json); empty: no judging.",
);
const canaryPolicy = textSetting(
  'CANARY_POLICY',
  '{}',
  'Overrides of the canary policy as JSON, e.g. {"windowMs": 900000, "falseRollbackRate": 0.01} (see platform/releases/canary-judge.cjs).',
);

/** Every 5 minutes: the deployed canary, if one runs, judged; a decision stored and logged. */
export const judgeCanary = onSchedule({ schedule: 'every 5 minutes', retryCount: 0 }, async () => {
  const pointerUrl = canaryPointerUrl();
  if (!/^https?:\/\//.test(pointerUrl)) {
    logger.warn('Canary judge: CANARY_POINTER_URL is not set to an http(s) URL; nothing judged');
    return;
  }
  let policy;
  try {
    policy = canaryPolicyOf(JSON.parse(canaryPolicy() || '{}') as Record<string, unknown>);
  } catch (error) {
    logger.error('Canary judge: CANARY_POLICY is not a valid policy; nothing judged', {
      problem: error instanceof Error ? error.message : String(error),
    });
    return;
  }
  const outcome = await judgeDeployedCanary(database(), pointerUrl, policy);
  switch (outcome.kind) {
    case 'unreadable':
      logger.error('Canary judge: the deployed remotes.json could not be read', {
        problem: outcome.problem,
      });
      break;
    case 'no-canary':
      break;
    case 'wait':
      logger.info(`Canary judge: ${outcome.verdict.verdict}`, {
        canary: outcome.canary.id,
        reasons: outcome.verdict.reasons,
        needs: outcome.verdict.needs,
        figures: outcome.verdict.figures,
      });
      break;
    case 'decided-before':
      logger.warn('Canary judge: rolled back before; remotes.json still names it', {
        canary: outcome.canary.id,
        decidedAt: outcome.decision.at,
        todo: 'npm run canary -- --to <dir> (or promote --abort), then deploy',
      });
      break;
    case 'decided': {
      const { decision, canary } = outcome;
      const fields = {
        canary: canary.id,
        decision: decision.decision,
        releases: canary.releases,
        reasons: decision.reasons,
        figures: decision.figures,
        decidedBy: decision.by,
      };
      if (decision.decision === 'rollback')
        logger.warn('Canary rolled back', {
          ...fields,
          todo: 'npm run canary -- --to <dir> records it and ends the canary in remotes.json; then deploy',
        });
      else if (outcome.written)
        logger.info('Canary healthy', {
          ...fields,
          todo: 'npm run promote -- --finish --to <dir> makes it live for all',
        });
      break;
    }
  }
});
