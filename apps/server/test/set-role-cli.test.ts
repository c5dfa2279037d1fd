/** The role CLI (`npm run create-admin`) as a person runs it, against an embedded database folder. */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/client.ts';

const script = fileURLToPath(new URL('../src/cli/set-role.ts', import.meta.url));

describe('npm run create-admin', () => {
  let dataDir = '';

  const openData = () =>
    openPglite({
      kind: 'directory',
      directory: path.join(dataDir, 'pglite'),
      onLockCompromised: (error) => {
        throw error;
      },
    });

  const run = (...args: string[]) =>
    spawnSync(process.execPath, [script, ...args], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 60_000,
    });

  const roleOf = async (userName: string) => {
    const database = await openData();
    try {
      const [row] = await database.query<{ role: string }>(
        sql`select role from users where user_name = ${userName}`,
      );
      return row?.role;
    } finally {
      await database.close();
    }
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'playspot-cli-'));
    const database = await openData();
    await database.migrate();
    await database.query(sql`
      insert into users (issuer, subject, email, user_name, user_name_key, user_name_skeleton) values
        ('https://accounts.google.com', 'a', 'Ana@Example.com', 'Ana', 'ana', 'ana'),
        ('https://accounts.google.com', 'b', 'shared@example.com', 'Ben', 'ben', 'ben'),
        ('https://appleid.apple.com', 'c', 'ben', 'Cara', 'cara', 'cara')`);
    await database.close();
  }, 120_000);
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('makes the user with that email an admin (email case ignored)', async () => {
    const result = run('ana@example.com');
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('Ana is now admin (was basic).');
    expect(result.status).toBe(0);
    expect(await roleOf('Ana')).toBe('admin');
  }, 60_000);

  it('sets another role by user name', async () => {
    const result = run('Cara', '--role', 'moderator');
    expect(result.status).toBe(0);
    expect(await roleOf('Cara')).toBe('moderator');
  }, 60_000);

  it.each([
    ['an unknown person', ['nobody@example.com'], 1, 'need to sign in once first'],
    ['an ambiguous name (one user name, another email)', ['ben'], 1, 'matches 2 users'],
    ['an unknown role', ['Ana', '--role', 'owner'], 2, 'Unknown role "owner"'],
    ['no argument', [], 2, 'Usage: npm run create-admin'],
  ])(
    'explains %s and exits non-zero',
    (_case, args, status, message) => {
      const result = run(...args);
      expect(result.status).toBe(status);
      expect(result.stderr).toContain(message);
    },
    60_000,
  );
});
