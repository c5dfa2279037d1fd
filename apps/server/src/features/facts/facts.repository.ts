/**
 * Facts as stored (issue 18): what imports stated (imported_facts), parents' answers
 * (fact_answers), the values shown (locations.facts) and public amenities near a place.
 */
import { AMENITY_NEARBY_M, type AmenityKind } from '@playspot/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { amenities, factAnswers, importedFacts, locations, visits } from '../../db/schema.ts';

export interface ImportedFactRow {
  locationId: string;
  key: string;
  value: string;
  source: string;
  licence: string | null;
}

export interface AnswerRow {
  locationId: string;
  key: string;
  userId: string;
  value: string;
  answeredAt: Date;
}

export async function importedFactsOf(db: Database, locationIds: string[]): Promise<ImportedFactRow[]> {
  if (locationIds.length === 0) return [];
  return db
    .select({
      locationId: importedFacts.locationId,
      key: importedFacts.key,
      value: importedFacts.value,
      source: importedFacts.source,
      licence: importedFacts.licence,
    })
    .from(importedFacts)
    .where(inArray(importedFacts.locationId, locationIds));
}

export async function answersOf(db: Database, locationIds: string[]): Promise<AnswerRow[]> {
  if (locationIds.length === 0) return [];
  return db
    .select({
      locationId: factAnswers.locationId,
      key: factAnswers.key,
      userId: factAnswers.userId,
      value: factAnswers.value,
      answeredAt: factAnswers.answeredAt,
    })
    .from(factAnswers)
    .where(inArray(factAnswers.locationId, locationIds));
}

/** Saves a parent's answer (replacing theirs); true when they had not answered this fact before. */
export async function saveAnswer(
  tx: Database,
  answer: { locationId: string; key: string; userId: string; value: string; now: Date },
): Promise<boolean> {
  const [row] = await tx
    .insert(factAnswers)
    .values({ ...answer, answeredAt: answer.now })
    .onConflictDoUpdate({
      target: [factAnswers.locationId, factAnswers.key, factAnswers.userId],
      set: { value: answer.value, answeredAt: answer.now },
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return row?.inserted === true;
}

/** When each of these people visited the place (for core isVerifiedBy), by person. */
export async function visitsTo(
  db: Database,
  locationId: string,
  userIds: string[],
): Promise<Map<string, Date[]>> {
  const byUser = new Map<string, Date[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: visits.userId, at: visits.visitedAt })
    .from(visits)
    .where(and(eq(visits.locationId, locationId), inArray(visits.userId, userIds)));
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row.at]);
  return byUser;
}

/** Removes a parent's answer; false when there was none. */
export async function removeAnswer(
  tx: Database,
  answer: { locationId: string; key: string; userId: string },
): Promise<boolean> {
  const removed = await tx
    .delete(factAnswers)
    .where(
      and(
        eq(factAnswers.locationId, answer.locationId),
        eq(factAnswers.key, answer.key),
        eq(factAnswers.userId, answer.userId),
      ),
    )
    .returning({ key: factAnswers.key });
  return removed.length > 0;
}

/** Writes the shown values of these places, leaving rows whose values did not change untouched. */
export async function writeShownFacts(
  db: Database,
  shown: Map<string, Record<string, string>>,
): Promise<void> {
  if (shown.size === 0) return;
  const rows = [...shown].map(([id, facts]) => ({ id, facts }));
  await db.execute(sql`
    update ${locations} set facts = x.facts
    from json_to_recordset(${JSON.stringify(rows)}::json) as x(id uuid, facts jsonb)
    where ${locations.id} = x.id and ${locations.facts} is distinct from x.facts`);
}

export interface NearbyAmenityRow {
  kind: AmenityKind;
  distanceM: number;
}

/** The nearest public amenity of each kind within AMENITY_NEARBY_M of the place, nearest first. */
export async function nearbyAmenities(db: Database, locationId: string): Promise<NearbyAmenityRow[]> {
  const result: unknown = await db.execute(sql`
    select kind, distance_m as "distanceM" from (
      select distinct on (a.kind) a.kind, round(ST_Distance(a.position, l.position, false))::int as distance_m
      from ${locations} l
      join ${amenities} a on ST_DWithin(a.position, l.position, ${AMENITY_NEARBY_M}, false)
      where l.id = ${locationId}
      order by a.kind, ST_Distance(a.position, l.position, false)
    ) nearest
    order by distance_m, kind`);
  return (result as { rows: NearbyAmenityRow[] }).rows;
}
