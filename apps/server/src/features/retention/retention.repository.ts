/** The deletions of the retention job: small batches, so no statement holds locks for long. */
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client.ts';
import { analyticsEvents, sessions } from '../../db/schema.ts';

/** Rows deleted per statement. */
export const RETENTION_BATCH = 5000;

/** Deletes up to one batch of analytics events received before `cutoff`; returns how many. */
export async function deleteAnalyticsEventsBefore(database: DatabaseHandle, cutoff: Date): Promise<number> {
  const rows = await database.query<{ id: number }>(sql`
    delete from ${analyticsEvents}
    where ${analyticsEvents.id} in (
      select ${analyticsEvents.id} from ${analyticsEvents}
      where ${analyticsEvents.receivedAt} < ${cutoff.toISOString()}
      limit ${RETENTION_BATCH}
    )
    returning ${analyticsEvents.id}`);
  return rows.length;
}

/** Deletes up to one batch of sessions that ended (idle too long, or past their absolute end) by `now`. */
export async function deleteEndedSessions(database: DatabaseHandle, now: Date): Promise<number> {
  const at = now.toISOString();
  const rows = await database.query<{ tokenHash: string }>(sql`
    delete from ${sessions}
    where ${sessions.tokenHash} in (
      select ${sessions.tokenHash} from ${sessions}
      where ${sessions.idleExpiresAt} <= ${at} or ${sessions.absoluteExpiresAt} <= ${at}
      limit ${RETENTION_BATCH}
    )
    returning ${sessions.tokenHash}`);
  return rows.length;
}
