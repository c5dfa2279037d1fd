/**
 * Maintenance areas as stored (issue 48): outlines as PostGIS geometry (a place is in an area
 * when the area covers its point), contacts, and maintainers.
 */
import type { AreaRequest } from '@playspot/core';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { areaMaintainers, locations, maintenanceAreas, users } from '../../db/schema.ts';

export interface AreaRow {
  id: string;
  name: string;
  email: string | null;
  open311Endpoint: string | null;
  open311ServiceCode: string | null;
  open311ApiKey: string | null;
  createdAt: Date;
}

const areaColumns = {
  id: maintenanceAreas.id,
  name: maintenanceAreas.name,
  email: maintenanceAreas.email,
  open311Endpoint: maintenanceAreas.open311Endpoint,
  open311ServiceCode: maintenanceAreas.open311ServiceCode,
  open311ApiKey: maintenanceAreas.open311ApiKey,
  createdAt: maintenanceAreas.createdAt,
};

/** The outline as stored: two-dimensional (an altitude in the file is dropped), a MultiPolygon. */
const boundaryOf = (geoJson: string) =>
  sql`ST_Multi(ST_Force2D(ST_SetSRID(ST_GeomFromGeoJSON(${geoJson}), 4326)))`;

/** Whether PostGIS reads this GeoJSON as a valid outline (no self-crossing ring); never throws on it. */
export async function isValidBoundary(db: Database, geoJson: string): Promise<boolean> {
  try {
    const result = await db.execute(sql`select ST_IsValid(${boundaryOf(geoJson)}) as valid`);
    const [row] = (result as { rows: { valid: boolean }[] }).rows;
    return row?.valid === true;
  } catch {
    return false;
  }
}

export async function insertArea(db: Database, area: AreaRequest): Promise<string> {
  const [row] = await db
    .insert(maintenanceAreas)
    .values({
      name: area.name,
      email: area.email ?? null,
      open311Endpoint: area.open311?.endpoint ?? null,
      open311ServiceCode: area.open311?.serviceCode ?? null,
      open311ApiKey: area.open311?.apiKey ?? null,
      boundary: boundaryOf(JSON.stringify(area.boundary)),
    })
    .returning({ id: maintenanceAreas.id });
  if (!row) throw new Error('area not inserted');
  return row.id;
}

export async function listAreas(db: Database): Promise<AreaRow[]> {
  return db
    .select(areaColumns)
    .from(maintenanceAreas)
    .orderBy(asc(maintenanceAreas.name), asc(maintenanceAreas.id));
}

export async function areaById(db: Database, areaId: string): Promise<AreaRow | null> {
  const [row] = await db.select(areaColumns).from(maintenanceAreas).where(eq(maintenanceAreas.id, areaId));
  return row ?? null;
}

export async function deleteArea(db: Database, areaId: string): Promise<boolean> {
  const rows = await db
    .delete(maintenanceAreas)
    .where(eq(maintenanceAreas.id, areaId))
    .returning({ id: maintenanceAreas.id });
  return rows.length > 0;
}

/** The user names of each area's maintainers. */
export async function maintainersOf(db: Database): Promise<Map<string, string[]>> {
  const rows = await db
    .select({ areaId: areaMaintainers.areaId, userName: users.userName })
    .from(areaMaintainers)
    .innerJoin(users, eq(users.id, areaMaintainers.userId))
    .orderBy(asc(users.userNameKey));
  const byArea = new Map<string, string[]>();
  for (const row of rows) {
    if (row.userName === null) continue;
    byArea.set(row.areaId, [...(byArea.get(row.areaId) ?? []), row.userName]);
  }
  return byArea;
}

export async function userIdByNameKey(db: Database, nameKey: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.userNameKey, nameKey));
  return row?.id ?? null;
}

export async function addMaintainer(db: Database, areaId: string, userId: string): Promise<void> {
  await db.insert(areaMaintainers).values({ areaId, userId }).onConflictDoNothing();
}

export async function removeMaintainer(db: Database, areaId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(areaMaintainers)
    .where(and(eq(areaMaintainers.areaId, areaId), eq(areaMaintainers.userId, userId)))
    .returning({ areaId: areaMaintainers.areaId });
  return rows.length > 0;
}

/** Whether this person maintains this area. */
export async function maintains(db: Database, userId: string, areaId: string): Promise<boolean> {
  const [row] = await db
    .select({ areaId: areaMaintainers.areaId })
    .from(areaMaintainers)
    .where(and(eq(areaMaintainers.areaId, areaId), eq(areaMaintainers.userId, userId)));
  return row !== undefined;
}

/**
 * The area that covers the place; of several, the smallest (a park department's patch inside
 * a whole town's). Null when the place is in none, or does not exist.
 */
export async function areaOfPlace(
  db: Database,
  placeId: string,
): Promise<{ id: string; name: string } | null> {
  const [row] = await db
    .select({ id: maintenanceAreas.id, name: maintenanceAreas.name })
    .from(locations)
    .innerJoin(
      maintenanceAreas,
      sql`ST_Covers(${maintenanceAreas.boundary}, ${locations.position}::geometry)`,
    )
    .where(eq(locations.id, placeId))
    .orderBy(sql`ST_Area(${maintenanceAreas.boundary})`, asc(maintenanceAreas.id))
    .limit(1);
  return row ?? null;
}
