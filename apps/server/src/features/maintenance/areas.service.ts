/**
 * Maintenance areas (issue 48): an admin draws or imports them and names their maintainers.
 * An outline PostGIS finds invalid (a ring crossing itself) is refused with 400, as is an
 * import any of whose features is: an import adds all its areas or none.
 */
import {
  areaOfFeature,
  userNameKey,
  type Area,
  type AreaImportRequest,
  type AreaRequest,
} from '@playspot/core';
import type { DatabaseHandle } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import * as repository from './areas.repository.ts';

const areaNotFound = () => notFound('No such maintenance area.');
const invalidArea = (message: string) => new AppError(400, 'invalid_area', message);

function toArea(row: repository.AreaRow, maintainers: readonly string[]): Area {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    open311:
      row.open311Endpoint === null || row.open311ServiceCode === null
        ? null
        : {
            endpoint: row.open311Endpoint,
            serviceCode: row.open311ServiceCode,
            hasApiKey: row.open311ApiKey !== null,
          },
    maintainers: [...maintainers],
    createdAt: row.createdAt.toISOString(),
  };
}

export function createAreasService(deps: { database: DatabaseHandle }) {
  const db = deps.database.db;

  async function areaOf(areaId: string): Promise<Area> {
    const row = await repository.areaById(db, areaId);
    if (!row) throw areaNotFound();
    return toArea(row, (await repository.maintainersOf(db)).get(areaId) ?? []);
  }

  async function checkOutline(area: AreaRequest): Promise<void> {
    if (!(await repository.isValidBoundary(db, JSON.stringify(area.boundary))))
      throw invalidArea(`The outline of ${area.name} is not a valid polygon (does a ring cross itself?).`);
  }

  async function maintainerId(userName: string): Promise<string> {
    const userId = await repository.userIdByNameKey(db, userNameKey(userName));
    if (!userId) throw notFound('No one has that user name.');
    return userId;
  }

  return {
    areaOf,

    async list(): Promise<Area[]> {
      const [rows, maintainers] = await Promise.all([repository.listAreas(db), repository.maintainersOf(db)]);
      return rows.map((row) => toArea(row, maintainers.get(row.id) ?? []));
    },

    async add(area: AreaRequest): Promise<Area> {
      await checkOutline(area);
      return areaOf(await repository.insertArea(db, area));
    },

    /** A GeoJSON file of areas: all of them, or none when one cannot be an area. */
    async import(file: AreaImportRequest): Promise<Area[]> {
      const areas: AreaRequest[] = [];
      for (const feature of file.features) {
        const result = areaOfFeature(feature);
        if (!result.ok) throw invalidArea(result.message);
        await checkOutline(result.area);
        areas.push(result.area);
      }
      const ids = await db.transaction(async (tx) => {
        const added: string[] = [];
        for (const area of areas) added.push(await repository.insertArea(tx, area));
        return added;
      });
      const maintainers = await repository.maintainersOf(db);
      const rows = await repository.listAreas(db);
      return rows
        .filter((row) => ids.includes(row.id))
        .map((row) => toArea(row, maintainers.get(row.id) ?? []));
    },

    async remove(areaId: string): Promise<{ deleted: true }> {
      if (!(await repository.deleteArea(db, areaId))) throw areaNotFound();
      return { deleted: true };
    },

    async addMaintainer(areaId: string, userName: string): Promise<Area> {
      if (!(await repository.areaById(db, areaId))) throw areaNotFound();
      await repository.addMaintainer(db, areaId, await maintainerId(userName));
      return areaOf(areaId);
    },

    async removeMaintainer(areaId: string, userName: string): Promise<Area> {
      if (!(await repository.areaById(db, areaId))) throw areaNotFound();
      if (!(await repository.removeMaintainer(db, areaId, await maintainerId(userName))))
        throw notFound('That person does not maintain this area.');
      return areaOf(areaId);
    },
  };
}

export type AreasService = ReturnType<typeof createAreasService>;
