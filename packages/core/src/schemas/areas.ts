/**
 * Maintenance areas on the API (issue 48): an admin draws or imports GeoJSON polygons, each
 * with a name ("Stadt Lübeck, Grünflächenamt") and a way to reach it (e-mail, an Open311
 * GeoReport v2 endpoint with its service code, or both), and names the maintainers who answer
 * for it in PlaySpot.
 */
import { z } from 'zod';
import { idSchema, isoDateTimeSchema, storableString, userNameSchema } from './common.ts';

/** Points of all an area's rings together: a council's park outline, not a country's coast. */
export const AREA_MAX_POINTS = 20_000;
/** Areas one import may add. */
export const AREA_IMPORT_MAX = 500;

/** A GeoJSON position, [longitude, latitude] (GeoJSON's own order; an altitude is ignored). */
const positionSchema = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]).rest(z.number());

/** A closed ring: at least four positions, the last the same as the first. */
const ringSchema = z
  .array(positionSchema)
  .min(4)
  .max(AREA_MAX_POINTS)
  .refine((ring) => ring[0]?.[0] === ring.at(-1)?.[0] && ring[0]?.[1] === ring.at(-1)?.[1], {
    message: 'A ring ends where it starts (GeoJSON linear ring)',
  });
const polygonCoordinatesSchema = z.array(ringSchema).min(1).max(1000);

const countPoints = (polygons: readonly (readonly (readonly unknown[])[])[]) =>
  polygons.reduce((sum, rings) => sum + rings.reduce((inner, ring) => inner + ring.length, 0), 0);

/** The area's outline: a GeoJSON Polygon or MultiPolygon in WGS 84. */
export const areaBoundarySchema = z
  .discriminatedUnion('type', [
    z.strictObject({ type: z.literal('Polygon'), coordinates: polygonCoordinatesSchema }),
    z.strictObject({
      type: z.literal('MultiPolygon'),
      coordinates: z.array(polygonCoordinatesSchema).min(1).max(1000),
    }),
  ])
  .refine(
    (boundary) =>
      countPoints(boundary.type === 'Polygon' ? [boundary.coordinates] : boundary.coordinates) <=
      AREA_MAX_POINTS,
    { message: `An area has at most ${AREA_MAX_POINTS} points` },
  );
export type AreaBoundary = z.output<typeof areaBoundarySchema>;

const areaNameSchema = storableString().trim().min(1).max(200);
const emailSchema = z.email().max(254);
/** An Open311 GeoReport v2 endpoint: the base URL that `requests.json` is under. */
const endpointSchema = z.url({ protocol: /^https?$/ }).max(500);

export const open311RequestSchema = z.strictObject({
  endpoint: endpointSchema,
  serviceCode: storableString().trim().min(1).max(100),
  /** Sent as `api_key`; never answered back (`hasApiKey`). */
  apiKey: storableString().trim().min(1).max(200).optional(),
});

/** POST /api/admin/areas: one area, drawn. */
export const areaRequestSchema = z
  .strictObject({
    name: areaNameSchema,
    email: emailSchema.optional(),
    open311: open311RequestSchema.optional(),
    boundary: areaBoundarySchema,
  })
  .refine((area) => area.email !== undefined || area.open311 !== undefined, {
    message: 'An area needs an e-mail address or an Open311 endpoint (or both)',
    path: ['email'],
  });
export type AreaRequest = z.output<typeof areaRequestSchema>;

/**
 * A feature of an imported file. Its `properties` may carry the council's own fields too
 * (loose: a GIS export has many); only these are read.
 */
const areaFeatureSchema = z.strictObject({
  type: z.literal('Feature'),
  id: z.union([z.string().max(200), z.number()]).optional(),
  bbox: z.array(z.number()).max(6).optional(),
  geometry: areaBoundarySchema,
  properties: z.looseObject({
    name: areaNameSchema,
    email: emailSchema.optional(),
    open311_endpoint: endpointSchema.optional(),
    open311_service_code: storableString().trim().min(1).max(100).optional(),
    open311_api_key: storableString().trim().min(1).max(200).optional(),
  }),
});

/** POST /api/admin/areas/import: a GeoJSON FeatureCollection, one area a feature. */
export const areaImportRequestSchema = z.strictObject({
  type: z.literal('FeatureCollection'),
  bbox: z.array(z.number()).max(6).optional(),
  features: z.array(areaFeatureSchema).min(1).max(AREA_IMPORT_MAX),
});
export type AreaImportRequest = z.output<typeof areaImportRequestSchema>;

/** An imported feature as the area it describes, or the reason it cannot be one. */
export function areaOfFeature(
  feature: AreaImportRequest['features'][number],
): { ok: true; area: AreaRequest } | { ok: false; message: string } {
  const { name, email, open311_endpoint: endpoint, open311_service_code: serviceCode } = feature.properties;
  if ((endpoint === undefined) !== (serviceCode === undefined))
    return { ok: false, message: `${name}: open311_endpoint and open311_service_code go together` };
  if (email === undefined && endpoint === undefined)
    return { ok: false, message: `${name}: an area needs an email or an open311_endpoint` };
  const apiKey = feature.properties.open311_api_key;
  return {
    ok: true,
    area: {
      name,
      boundary: feature.geometry,
      ...(email === undefined ? {} : { email }),
      ...(endpoint === undefined || serviceCode === undefined
        ? {}
        : { open311: { endpoint, serviceCode, ...(apiKey === undefined ? {} : { apiKey }) } }),
    },
  };
}

export const areaSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string().nullable(),
  open311: z.object({ endpoint: z.string(), serviceCode: z.string(), hasApiKey: z.boolean() }).nullable(),
  /** The user names of its maintainers. */
  maintainers: z.array(z.string()),
  createdAt: isoDateTimeSchema,
});
export type Area = z.infer<typeof areaSchema>;

export const areasSchema = z.object({ areas: z.array(areaSchema) });
export type Areas = z.infer<typeof areasSchema>;

export const areaParamsSchema = z.strictObject({ id: idSchema });
export const maintainerRequestSchema = z.strictObject({ userName: userNameSchema });
export const maintainerParamsSchema = z.strictObject({ id: idSchema, userName: userNameSchema });

/** Who looks after a place, on its page: the area's name only. */
export const placeMaintainerSchema = z.object({ name: z.string() });

export const areaDeletedSchema = z.object({ deleted: z.literal(true) });
