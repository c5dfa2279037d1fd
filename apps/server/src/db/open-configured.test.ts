/**
 * What start-up says of the embedded database (issue 45): b756146 said "(the first start
 * takes about 20 s)" on every restart. A fresh data folder is "Creating …" with the note;
 * the next start is "Opening …" without it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { Config } from '../config.ts';
import { embeddedDatabaseNote, openConfiguredDatabase } from './open-configured.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'playspot-first-start-'));
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

it('notes the first start only on a first start', { timeout: 120_000 }, async () => {
  const config = { databaseUrl: undefined, dataDir } as Config;
  const start = async () => {
    const said: string[] = [];
    const database = await openConfiguredDatabase(config, (message) => said.push(message));
    await database.close();
    return said;
  };
  const folder = path.join(dataDir, 'pglite');
  expect(await start()).toEqual([
    `Creating the embedded database in ${folder} (a first start takes about 20 s)`,
  ]);
  expect(await start()).toEqual([`Opening the embedded database in ${folder}`]);
});

it('words both cases', () => {
  expect(embeddedDatabaseNote('/data/pglite', false)).toMatch(/first start takes about 20 s/u);
  expect(embeddedDatabaseNote('/data/pglite', true)).not.toMatch(/first start/u);
});
