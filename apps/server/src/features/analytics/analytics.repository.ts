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

/** Stores a batch the app sent; the user is whoever is signed in, never taken from the body. */
export async function recordClientEvents(
  db: Database,
  userId: string | null,
  events: { name: AnalyticsEventName; params: AnalyticsParams; at: string }[],
  receivedAt: Date,
): Promise<void> {
  await db.insert(analyticsEvents).values(
    events.map((event) => ({
      name: event.name,
      params: event.params,
      userId,
      occurredAt: new Date(event.at),
      receivedAt,
    })),
  );
}
