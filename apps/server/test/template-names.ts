/** Values the global setup hands to test files through vitest's provide/inject. */
declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding a gzipped PGlite data directory with PostGIS and every migration applied. */
    pgliteTemplateFile: string;
    /** Admin connection string and migrated template database for the PostgreSQL suite, if enabled. */
    postgresAdminUrl: string | null;
    postgresTemplateDatabase: string | null;
  }
}

export const TEST_DATABASE_PREFIX = 'playspot_test_';

export function databaseUrlFor(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Tag and count of the committed migrations, e.g. for health assertions. */
export async function committedMigrations(): Promise<{ latest: string; count: number }> {
  const { readFile } = await import('node:fs/promises');
  const journal = JSON.parse(
    await readFile(new URL('../src/db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
  ) as { entries: { tag: string }[] };
  const latest = journal.entries.at(-1)?.tag;
  if (!latest) throw new Error('no migrations committed');
  return { latest, count: journal.entries.length };
}
