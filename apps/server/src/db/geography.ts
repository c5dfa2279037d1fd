import { customType } from 'drizzle-orm/pg-core';

/**
 * PostGIS `geography(Point,4326)`. The column is generated from latitude/longitude, so it is
 * never written directly; reads go through ST_Y/ST_X in SQL rather than parsing WKB here.
 *
 * drizzle-kit quotes custom type names it does not know ("geography(Point,4326)"), which
 * PostgreSQL rejects; generated migrations are corrected by hand (the snapshot is unaffected,
 * so `drizzle-kit generate` still reports no drift).
 */
export const geographyPoint = customType<{ data: string; driverData: string }>({
  dataType() {
    return 'geography(Point,4326)';
  },
});

/**
 * PostGIS `geometry(MultiPolygon,4326)`: a maintenance area's outline (issue 48). Written with
 * ST_GeomFromGeoJSON in SQL, read back with ST_AsGeoJSON; containment of a place is ST_Covers
 * on the place's point as geometry. The migration is corrected by hand as for geographyPoint.
 */
export const geometryMultiPolygon = customType<{ data: string; driverData: string }>({
  dataType() {
    return 'geometry(MultiPolygon,4326)';
  },
});
