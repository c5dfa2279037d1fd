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
