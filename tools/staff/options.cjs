// @ts-check
const { auth, firestore } = require('../../platform/apps.cjs');
const { parseCommandLine, targetOptions } = require('../cli/args.cjs');
const { CliError, targetOf } = require('../cli/cli.cjs');
const env = require('../cli/env.cjs');

/** Command-line options of `npm run staff`. */

const usage = `Usage: npm run staff -- <command> [email] [options]

Staff are Firebase Auth users with the custom claim staff: true who are on the staff roster
(Firestore staffAccess/<uid>, which the security rules read); only they may read requests.

  add <email>       create a local staff account on the Auth emulator and print how to sign in
                    (a generated password, or --password)
  grant <email>     give an existing account the staff claim and put it on the roster
  revoke <email>    take it off the roster (its next read or write is refused and an open
                    inbox signs out), take the claim away, end its sessions and take it off
                    the inbox's owner list (Firestore staffMembers/<email>)
  list              the accounts that have the claim

  --emulator HOST:PORT  the Auth emulator (default: $FIREBASE_AUTH_EMULATOR_HOST, else
                        ${auth.host}:${auth.port}, the one \`npm start\` runs)
  --project ID          a real Firebase project, with Application Default Credentials
                        (gcloud auth application-default login); with --emulator, the
                        project id on the emulator
  --firestore-emulator HOST:PORT
                        for add, grant and revoke: the Firestore emulator (default: $FIRESTORE_EMULATOR_HOST,
                        else ${firestore.host}:${firestore.port}); with --project alone, the
                        project's Firestore
  --password PASSWORD   for add: this password instead of a generated one (8+ characters)
  --help                show this help
`;

/** @typedef {import('../cli/cli.cjs').Target} Target */
/**
 * @typedef {object} Options
 * @property {'add' | 'grant' | 'revoke' | 'list' | 'help'} command
 * @property {string} email
 * @property {string | undefined} password
 * @property {Target} target where the accounts are (Auth)
 * @property {Target} roster where the roster and the owner list are (Firestore)
 */

/**
 * @param {string[]} argv
 * @param {NodeJS.ProcessEnv} [source] the environment (tests pass their own)
 * @returns {Options}
 */
function parseOptions(argv, source = process.env) {
  const parsed = parseCommandLine(
    argv,
    { ...targetOptions, 'firestore-emulator': { type: 'string' }, password: { type: 'string' } },
    usage,
    { positionals: true },
  );
  const [command, email = '', ...extra] = parsed.positionals;
  const target = targetOf(
    parsed.targetFlags,
    env.text('FIREBASE_AUTH_EMULATOR_HOST', source),
    auth,
  );
  // The same project's Firestore: the real one, or the emulator beside the Auth emulator.
  const firestoreEmulator = parsed.string('firestore-emulator');
  if (firestoreEmulator !== undefined && target.kind === 'project') {
    throw new CliError('--firestore-emulator goes with the emulators, not --project alone.', 2);
  }
  /** @type {Target} */
  const roster =
    target.kind === 'project'
      ? target
      : targetOf(
          {
            emulator:
              firestoreEmulator ??
              env.text('FIRESTORE_EMULATOR_HOST', source) ??
              `${firestore.host}:${firestore.port}`,
            project: target.projectId,
          },
          undefined,
          firestore,
        );

  if (parsed.help || command === undefined || command === 'help') {
    return { command: 'help', email: '', password: undefined, target, roster };
  }
  if (command !== 'add' && command !== 'grant' && command !== 'revoke' && command !== 'list') {
    throw new CliError(`Unknown command "${command}".\n\n${usage}`, 2);
  }
  if (extra.length > 0) throw new CliError(`Unexpected "${extra.join(' ')}".\n\n${usage}`, 2);
  if (command !== 'list' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw new CliError(`${command} expects an email address (got "${email}")`, 2);
  }
  const password = parsed.string('password');
  if (password !== undefined && command !== 'add') {
    throw new CliError('--password goes with add only.', 2);
  }
  if (password !== undefined && password.length < 8) {
    throw new CliError('--password needs at least 8 characters.', 2);
  }
  if (command === 'add' && target.kind === 'project') {
    throw new CliError(
      'add creates local accounts on the Auth emulator only. In a real project, create the\n' +
        'account in the Firebase console (Authentication > Users) or let the person sign up,\n' +
        `then: npm run staff -- grant ${email} --project ${target.projectId}`,
      2,
    );
  }
  return { command, email, password, target, roster };
}

module.exports = { parseOptions, usage };
