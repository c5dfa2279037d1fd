/**
 * Deals (spec §3, §4): admins create, update and delete them; everyone sees the shown ones
 * (active, and no expiry or an expiry date not before today in PlaySpot's home zone). The
 * server sets createdAt/updatedAt; pictures are uploaded through the photos feature.
 */
import { isDealShown, type CreateDeal, type Deal, type UpdateDeal } from '@playspot/core';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import type { PlaceExists } from '../../lib/capabilities.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import * as repository from './deals.repository.ts';

const dealNotFound = () => notFound('Deal not found');

function toDeal(row: repository.DealRow): Deal {
  return {
    id: row.id,
    title: row.title,
    website: row.website,
    imageUrl: row.imageUrl,
    logoUrl: row.logoUrl,
    active: row.active,
    expiryDate: row.expiryDate,
    extra: row.extra as Deal['extra'],
    location: row.location,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createDealsService(deps: {
  database: DatabaseHandle;
  now?: () => Date;
  placeExists: PlaceExists;
  /** Removes the deal's stored pictures once the deal is gone. */
  afterDelete?: (dealId: string) => Promise<void>;
}) {
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());

  /**
   * A deal names a play spot that exists, or none. Checked in the deal's own transaction, where
   * the place then stays until commit: a place deleted meanwhile waits, instead of failing
   * the deal's foreign key (a 500).
   */
  async function requirePlace(tx: Database, locationId: string | null): Promise<void> {
    if (locationId !== null && !(await deps.placeExists(tx, locationId))) {
      throw new AppError(400, 'validation_failed', 'locationId: there is no play spot with this id.');
    }
  }

  return {
    /** The deals people see, newest first. */
    async shown(): Promise<Deal[]> {
      const at = now();
      const rows = await repository.listDeals(db, true);
      return rows.filter((row) => isDealShown(row, at)).map(toDeal);
    },

    /** Every deal, hidden and expired ones included (admins). */
    async all(): Promise<Deal[]> {
      return (await repository.listDeals(db, false)).map(toDeal);
    },

    async create(body: CreateDeal, adminId: string): Promise<Deal> {
      const row = await db.transaction(async (tx) => {
        await requirePlace(tx, body.locationId);
        return repository.insertDeal(tx, { ...body, createdByUserId: adminId, now: now() });
      });
      return toDeal(row);
    },

    async update(id: string, body: UpdateDeal): Promise<Deal> {
      const row = await db.transaction(async (tx) => {
        await requirePlace(tx, body.locationId ?? null);
        return repository.updateDeal(tx, id, body, now());
      });
      if (!row) throw dealNotFound();
      return toDeal(row);
    },

    async remove(id: string): Promise<{ deleted: true }> {
      if (!(await repository.deleteDeal(db, id))) throw dealNotFound();
      await deps.afterDelete?.(id);
      return { deleted: true };
    },
  };
}

export type DealsService = ReturnType<typeof createDealsService>;
