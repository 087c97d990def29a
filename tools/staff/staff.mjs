// @ts-check
/**
 * `npm run staff`: staff accounts (Firebase Auth users with the claim staff: true). Works on
 * the local Auth emulator by default, a real project with --project ID. See
 * docs/contact-and-data.md.
 */
import { apps, host } from '../../platform/apps.cjs';
import { pathOf } from '../../platform/routes/routes.cjs';
import cli from '../cli/cli.cjs';
import accounts from './accounts.cjs';
import options from './options.cjs';
import roster from './roster.cjs';

await cli.runCli(async () => {
  const {
    command,
    email,
    password,
    target,
    roster: rosterTarget,
  } = options.parseOptions(process.argv.slice(2));
  const where =
    target.kind === 'emulator'
      ? `the local Auth emulator (${target.host}:${target.port})`
      : `project ${target.projectId}`;
  if (command === 'help') {
    process.stdout.write(options.usage);
  } else if (command === 'add') {
    const created = await accounts.add(target, email, password);
    await roster.grantAccess(rosterTarget, created.uid, email);
    console.log(
      `Created the staff account ${email} on ${where}.\n` +
        `Sign in to the staff inbox at http://${host}:${apps.shell.port}${pathOf('staff')} with\n` +
        `    email:    ${email}\n` +
        `    password: ${created.password}\n` +
        (password ? '' : 'The password was generated; keep it, it is not shown again.\n'),
    );
  } else if (command === 'grant') {
    const uid = await accounts.grant(target, email);
    await roster.grantAccess(rosterTarget, uid, email);
    console.log(
      `${email} is staff on ${where}. A session that is already signed in sees it at its next token refresh (sign out and in to see it now).`,
    );
  } else if (command === 'revoke') {
    const uid = await accounts.revoke(target, email);
    // The roster entry is what the rules read: without it the next read or write is refused and
    // an open inbox signs out, whatever the account's ID token still says.
    await roster.revokeAccess(rosterTarget, uid);
    console.log(
      `${email} is no longer staff on ${where}: its next read or write is refused and an open inbox signs out within seconds.`,
    );
    // After the claim is gone (what keeps them out); leads they own keep their address.
    const listed = await roster.leaveRoster(rosterTarget, email).catch((error) => {
      throw new cli.CliError(
        `${error instanceof Error ? error.message : error}
` + `${email} is still offered as an owner; run the revoke again to take it off the list.`,
      );
    });
    console.log(
      listed
        ? `${email} was taken off the inbox's owner list; requests they own keep their name.`
        : `${email} was not on the inbox's owner list.`,
    );
  } else {
    const staff = await accounts.list(target);
    console.log(
      staff.length > 0
        ? staff.join('\n')
        : `No staff accounts on ${where} yet (npm run staff -- add <email>).`,
    );
  }
});
