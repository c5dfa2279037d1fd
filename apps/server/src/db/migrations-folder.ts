import { fileURLToPath } from 'node:url';

/** The committed drizzle-kit migrations (SQL + journal). */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
