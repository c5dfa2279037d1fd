/**
 * Defects as the API shows them (issue 48): public times at 5 minutes (core publicReportedAt),
 * photos as absolute links, nothing about who reported; and who may see an area's defects.
 */
import { publicReportedAt, roleSatisfies, type Actor, type Defect, type DefectFix } from '@playspot/core';
import type { Database } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import * as areas from './areas.repository.ts';
import type { DefectRow, FixRow } from './defects.repository.ts';

export function toDefect(row: DefectRow, absolute: (key: string) => string): Defect {
  return {
    id: row.id,
    place: { id: row.placeId, name: row.placeName, latitude: row.latitude, longitude: row.longitude },
    equipment: row.equipment,
    state: row.resolvedHow ?? 'open',
    openedAt: publicReportedAt(row.openedAt).toISOString(),
    firstReportedAt: publicReportedAt(row.firstReportedAt).toISOString(),
    lastConfirmedAt: publicReportedAt(row.lastConfirmedAt).toISOString(),
    parents: row.parents,
    photos: row.photoKeys.map((photo) => ({
      url: absolute(photo.key),
      thumbnailUrl: photo.thumbnailKey === null ? null : absolute(photo.thumbnailKey),
    })),
    delivery: {
      state: row.deliveryState,
      channels: row.deliveredChannels,
      open311RequestId: row.open311RequestId,
    },
    reopened: row.reopenedAt !== null,
    resolvedAt: row.resolvedAt === null ? null : row.resolvedAt.toISOString(),
  };
}

export const toFix = (row: FixRow): DefectFix => ({
  equipment: row.equipment,
  fixedAt: row.fixedAt.toISOString(),
  areaName: row.areaName,
});

/** The area, for someone who maintains it (or an admin); 404 when there is none, 403 otherwise. */
export async function areaForActor(
  db: Database,
  actor: Actor,
  areaId: string,
): Promise<{ id: string; name: string }> {
  const area = await areas.areaById(db, areaId);
  if (!area) throw notFound('No such maintenance area.');
  if (!roleSatisfies(actor.role, 'admin') && !(await areas.maintains(db, actor.id, areaId)))
    throw forbidden('Only the maintainers of this area can see its defects.');
  return { id: area.id, name: area.name };
}
