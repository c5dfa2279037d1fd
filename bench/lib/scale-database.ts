/** The scale benchmark's own database, recreated empty on every run (never the API bench's). */
import pg from 'pg';

export const SCALE_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/playspot_scale';

/** Drops and recreates the database `url` names, through the server's `postgres` database. */
export async function recreateDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//u, ''));
  if (!/^[a-z_][a-z0-9_]*$/u.test(name))
    throw new Error(`Unusual database name "${name}": refusing to drop it.`);
  if (name === 'postgres' || name === 'playspot_bench') throw new Error(`Refusing to drop "${name}".`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}
