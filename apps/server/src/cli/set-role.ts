/**
 * Gives a user a role: `npm run create-admin -- <email or user name>` makes an admin;
 * `--role moderator` (or basic) sets another role. The person must have signed in once.
 * On the embedded database, stop the server first (it holds the data folder).
 */
import { parseArgs } from 'node:util';
import { USER_ROLES, type UserRole } from '@playspot/core';
import { ConfigError, loadConfig } from '../config.ts';
import { DataDirectoryLockedError } from '../db/data-directory-lock.ts';
import { openConfiguredDatabase } from '../db/open-configured.ts';
import { findUsersByEmailOrUserName, updateRole } from '../features/users/users.repository.ts';

const USAGE = 'Usage: npm run create-admin -- <email or user name> [--role admin|moderator|basic]';

class UsageError extends Error {}

function parse(argv: string[]): { who: string; role: UserRole } {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { role: { type: 'string', default: 'admin' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) throw new UsageError(USAGE);
  const [who, ...rest] = positionals;
  if (!who || rest.length > 0) throw new UsageError(USAGE);
  const role = USER_ROLES.find((candidate) => candidate === values.role);
  if (!role) throw new UsageError(`Unknown role "${values.role}". ${USAGE}`);
  return { who, role };
}

async function run(argv: string[]): Promise<number> {
  const { who, role } = parse(argv);
  const database = await openConfiguredDatabase(loadConfig(), () => undefined);
  try {
    await database.migrate();
    const matches = await findUsersByEmailOrUserName(database.db, who);
    if (matches.length === 0) {
      console.error(`No user has the email or user name "${who}". They need to sign in once first.`);
      return 1;
    }
    if (matches.length > 1) {
      console.error(`"${who}" matches ${matches.length} users; use the user name instead:`);
      for (const user of matches)
        console.error(`  ${user.userName ?? '(no user name)'} <${user.email ?? 'no email'}>`);
      return 1;
    }
    const [user] = matches;
    if (!user) return 1;
    await updateRole(database.db, user.id, role, new Date());
    console.log(`${user.userName ?? user.email ?? who} is now ${role} (was ${user.role}).`);
    return 0;
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (
      error instanceof UsageError ||
      error instanceof ConfigError ||
      error instanceof DataDirectoryLockedError
    ) {
      console.error(error.message);
      process.exit(2);
    }
    console.error(error);
    process.exit(1);
  },
);
