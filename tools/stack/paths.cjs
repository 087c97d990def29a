// @ts-check
const path = require('node:path');

const { repoRoot, distOf, serverDistOf } = require('../../platform/build-paths.cjs');
const env = require('../cli/env.cjs');

/**
 * Where `npm start` and `npm run dev` keep local data between runs: .data/ (git-ignored), or
 * FIRSTDAY_DATA_DIR (tests use a throwaway folder).
 */
const dataDir = env.text('FIRSTDAY_DATA_DIR');
const localDataRoot = dataDir ? path.resolve(dataDir) : path.join(repoRoot, '.data');

/** The local Firestore data's saved copies. */
const localDataDir = path.join(localDataRoot, 'firestore');

/** The local Auth emulator's saved accounts. */
const localAuthDir = path.join(localDataRoot, 'auth');

module.exports = { repoRoot, distOf, serverDistOf, localDataRoot, localDataDir, localAuthDir };
