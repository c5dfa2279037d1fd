import type { AnalyticsEventName } from '@playspot/core';
import type { Database } from '../../db/client.ts';
import { analyticsEvents } from '../../db/schema.ts';

export type AnalyticsParams = Record<string, string | number | boolean>;

/** Records an event the server itself observes (sign-up, sign-in, sign-out…). */
export async function recordServerEvent(
  db: Database,
  event: { name: AnalyticsEventName; userId: string | null; params?: AnalyticsParams; occurredAt: Date },
): Promise<void> {
  await db.insert(analyticsEvents).values({
    name: event.name,
    userId: event.userId,
    params: event.params ?? {},
    occurredAt: event.occurredAt,
  });
}
