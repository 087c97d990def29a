// @ts-check
/**
 * Where a canary's judge writes its decision (`canaryDecisions/{canary id}`): the judges write
 * it (canary-review.cjs), every render instance reads it. A module of its own so the render
 * server's bundle takes the name without the judge.
 */
const decisionsCollection = 'canaryDecisions';

module.exports = { decisionsCollection };
