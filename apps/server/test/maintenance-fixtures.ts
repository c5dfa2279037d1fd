/** Test data for maintenance areas and defects (issue 48), inside app.inject tests. */
import type { Area, AreaBoundary, LatLng } from '@playspot/core';
import type { FastifyInstance } from 'fastify';
import type { SignedInTestUser } from './sign-in.ts';

/** A square outline `half` degrees each way around `centre` (GeoJSON order: lng, lat). */
export function squareAround(centre: LatLng, half = 0.01): AreaBoundary {
  const { lat, lng } = centre;
  return {
    type: 'Polygon',
    coordinates: [
      [
        [lng - half, lat - half],
        [lng + half, lat - half],
        [lng + half, lat + half],
        [lng - half, lat + half],
        [lng - half, lat - half],
      ],
    ],
  };
}

export async function addArea(
  app: FastifyInstance,
  admin: SignedInTestUser,
  area: Record<string, unknown>,
): Promise<Area> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/areas',
    headers: admin.headers,
    payload: area,
  });
  if (response.statusCode !== 201) throw new Error(`area not added: ${response.statusCode} ${response.body}`);
  return response.json<Area>();
}

/** A parent at the place: logs a visit there (its reading at `at`), then reports broken equipment. */
export async function reportBroken(
  app: FastifyInstance,
  user: SignedInTestUser,
  place: { id: string; at: LatLng },
  equipment = 'swing',
): Promise<{ reportId: string; status: number }> {
  await app.inject({
    method: 'POST',
    url: `/api/locations/${place.id}/visits`,
    headers: user.headers,
    payload: { ...place.at, accuracy: 10 },
  });
  const response = await app.inject({
    method: 'POST',
    url: `/api/locations/${place.id}/conditions`,
    headers: user.headers,
    payload: { kind: 'broken', equipment },
  });
  if (response.statusCode >= 300) throw new Error(`report failed: ${response.statusCode} ${response.body}`);
  const { conditions } = response.json<{
    conditions: { id: string; kind: string; equipment: string | null }[];
  }>();
  const report = conditions.find(
    (condition) => condition.kind === 'broken' && condition.equipment === equipment,
  );
  if (!report) throw new Error('the report is not shown');
  return { reportId: report.id, status: response.statusCode };
}
