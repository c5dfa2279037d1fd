/**
 * What is read about defects (issue 48): a maintainer's areas and open defects (and their
 * CSV), who maintains a place and its recent fixes, a parent's fixes, admins' deliveries.
 */
import {
  FIX_SHOWN_DAYS,
  MS_PER_DAY,
  PROFILE_LIST_LIMIT,
  roleSatisfies,
  type Actor,
  type AreaDefects,
  type Deliveries,
  type MyAreas,
  type MyFixes,
  type PlaceMaintenance,
} from '@playspot/core';
import type { DatabaseHandle } from '../../db/client.ts';
import * as areas from './areas.repository.ts';
import { areaForActor, toDefect, toFix } from './defect-views.ts';
import * as repository from './defects.repository.ts';

export interface DefectReadsDeps {
  database: DatabaseHandle;
  now: () => Date;
  /** A stored photo's public URL, absolute. */
  absolute: (key: string) => string;
}

export function createDefectReads(deps: DefectReadsDeps) {
  const db = deps.database.db;

  async function defectsOf(actor: Actor, areaId: string): Promise<AreaDefects> {
    const area = await areaForActor(db, actor, areaId);
    const rows = await repository.openDefectsOfArea(db, area.id);
    return { area, defects: rows.map((row) => toDefect(row, deps.absolute)) };
  }

  return {
    defectsOf,

    async areasOf(actor: Actor): Promise<MyAreas> {
      return { areas: await repository.areasOf(db, roleSatisfies(actor.role, 'admin') ? null : actor.id) };
    },

    /** An area's open defects as rows of a CSV. */
    async csvRowsOf(actor: Actor, areaId: string): Promise<Record<string, string | number>[]> {
      const { defects } = await defectsOf(actor, areaId);
      return defects.map((defect) => ({
        defect_id: defect.id,
        place_id: defect.place.id,
        place: defect.place.name,
        latitude: defect.place.latitude,
        longitude: defect.place.longitude,
        equipment: defect.equipment,
        first_reported_at: defect.firstReportedAt,
        last_confirmed_at: defect.lastConfirmedAt,
        parents: defect.parents,
        photos: defect.photos.map((photo) => photo.url).join(' '),
        delivery: defect.delivery.state,
        open311_request_id: defect.delivery.open311RequestId ?? '',
        reopened: defect.reopened ? 'yes' : 'no',
      }));
    },

    async placeMaintenance(placeId: string): Promise<PlaceMaintenance> {
      const since = new Date(deps.now().getTime() - FIX_SHOWN_DAYS * MS_PER_DAY);
      const [area, fixes] = await Promise.all([
        areas.areaOfPlace(db, placeId),
        repository.fixesOfPlace(db, placeId, since),
      ]);
      return { maintainedBy: area ? { name: area.name } : null, fixes: fixes.map(toFix) };
    },

    async myFixes(userId: string): Promise<MyFixes> {
      const rows = await repository.fixesOfPerson(db, userId, PROFILE_LIST_LIMIT);
      return {
        fixes: rows.map((row) => ({ ...toFix(row), place: { id: row.placeId, name: row.placeName } })),
      };
    },

    async deliveries(state: 'pending' | 'sent' | 'failed' | null): Promise<Deliveries> {
      const rows = await repository.defectsByDelivery(db, state);
      return {
        deliveries: rows.map((row) => ({
          defectId: row.id,
          area: { id: row.areaId, name: row.areaName },
          place: { id: row.placeId, name: row.placeName },
          equipment: row.equipment,
          state: row.deliveryState,
          attempts: row.deliveryAttempts,
          lastError: row.deliveryError,
          updatedAt: row.updatedAt.toISOString(),
        })),
      };
    },
  };
}
