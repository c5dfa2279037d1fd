import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client.ts';
import { migrationStatus, type MigrationStatus } from '../../db/migrations.ts';

export interface DatabaseStatus {
  migrations: MigrationStatus;
  postgisVersion: string;
}

export async function readDatabaseStatus(database: DatabaseHandle): Promise<DatabaseStatus> {
  const migrations = await migrationStatus(database);
  const [postgis] = await database.query<{ version: string }>(sql`select postgis_lib_version() as version`);
  return { migrations, postgisVersion: postgis?.version ?? 'unknown' };
}
