/**
 * Builds each migrated database once per run, so test files start from a copy in seconds:
 * - PGlite: a migrated data directory dumped to a file (cached across runs by migration hash);
 * - PostgreSQL (when TEST_DATABASE_URL is set): a migrated template database.
 * In CI the PostgreSQL suite is mandatory.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { PGlite, pgliteExtensions, openPostgres } from '../src/db/client.ts';
import { migrationsFolder } from '../src/db/migrations-folder.ts';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { databaseUrlFor, TEST_DATABASE_PREFIX } from './template-names.ts';

const cacheDirectory = fileURLToPath(
  new URL('../../../node_modules/.cache/playspot-tests/', import.meta.url),
);

async function migrationsHash(): Promise<string> {
  const hash = createHash('sha256');
  const files = (await readdir(migrationsFolder, { recursive: true })).sort();
  for (const file of files) {
    if (!file.endsWith('.sql') && !file.endsWith('.json')) continue;
    hash.update(file).update(await readFile(path.join(migrationsFolder, file)));
  }
  // A new PGlite or PostGIS build may not read an older data directory.
  for (const name of ['pglite', 'pglite-postgis']) {
    hash.update(
      await readFile(new URL(`../../../node_modules/@electric-sql/${name}/package.json`, import.meta.url)),
    );
  }
  return hash.digest('hex').slice(0, 16);
}

async function buildPgliteTemplate(): Promise<string> {
  const file = path.join(cacheDirectory, `pglite-template-${await migrationsHash()}.tar.gz`);
  if (existsSync(file)) return file;
  const client = await PGlite.create({ extensions: pgliteExtensions });
  await migrate(drizzle(client), { migrationsFolder });
  const dump = await client.dumpDataDir('gzip');
  await client.close();
  await mkdir(cacheDirectory, { recursive: true });
  // Write then rename, so a concurrent run never reads half a file.
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
  return file;
}

async function buildPostgresTemplate(adminUrl: string): Promise<string> {
  const template = `${TEST_DATABASE_PREFIX}template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
  } finally {
    await admin.end();
  }
  const handle = openPostgres(databaseUrlFor(adminUrl, template), { max: 1 });
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
  return template;
}

async function dropDatabases(adminUrl: string, names: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? null;
  if (process.env.CI && !adminUrl) {
    throw new Error('CI must run the database tests on PostgreSQL too: set TEST_DATABASE_URL.');
  }
  if (process.env.CI && !process.env.TEST_REDIS_URL) {
    throw new Error('CI must run the shared rate-limit tests: set TEST_REDIS_URL.');
  }
  const [pgliteTemplateFile, postgresTemplateDatabase] = await Promise.all([
    buildPgliteTemplate(),
    adminUrl ? buildPostgresTemplate(adminUrl) : Promise.resolve(null),
  ]);
  console.log(
    `Database tests run on: PGlite${postgresTemplateDatabase ? ` and PostgreSQL (template ${postgresTemplateDatabase})` : ' only (set TEST_DATABASE_URL to add PostgreSQL)'}`,
  );
  project.provide('pgliteTemplateFile', pgliteTemplateFile);
  project.provide('postgresAdminUrl', adminUrl);
  project.provide('postgresTemplateDatabase', postgresTemplateDatabase);

  return async () => {
    if (adminUrl && postgresTemplateDatabase) await dropDatabases(adminUrl, [postgresTemplateDatabase]);
  };
}
