// @ts-check
const path = require('node:path');


const repoRoot = path.resolve(__dirname, '../..');

/** @param {string} app */
const distOf = (app) => path.join(repoRoot, app, 'dist');

/** Where `npm start` and `npm run dev` keep local Firestore data between runs (git-ignored). */
const localDataDir = path.join(repoRoot, '.data', 'firestore');

module.exports = { repoRoot, distOf, localDataDir };
