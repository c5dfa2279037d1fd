/**
 * Defects on the API (issue 48): broken equipment sent to an area's maintainer, the
 * maintainer's page (open defects with photos, "fixed" / "not a defect", a CSV), failed
 * deliveries for admins, and the fixes a parent sees on a place and in their activity.
 * No parent's name, e-mail or position appears in any of them.
 */
import { z } from 'zod';
import { equipmentSchema } from './conditions.ts';
import { fromQuery, idSchema, isoDateTimeSchema } from './common.ts';
import { placeRefSchema } from './profile.ts';

export const DEFECT_STATES = ['open', 'fixed', 'not_defect'] as const;
export const DELIVERY_STATES = ['pending', 'sent', 'failed'] as const;
export const DELIVERY_CHANNELS = ['email', 'open311'] as const;

export const deliveryStateSchema = z.enum(DELIVERY_STATES);

export const defectPhotoSchema = z.object({ url: z.string(), thumbnailUrl: z.string().nullable() });

/** One defect as its maintainer sees it. */
export const defectSchema = z.object({
  id: idSchema,
  place: placeRefSchema.extend({ latitude: z.number(), longitude: z.number() }),
  equipment: equipmentSchema,
  state: z.enum(DEFECT_STATES),
  /** When parents' reports made it a defect (sent), at the public precision. */
  openedAt: isoDateTimeSchema,
  /** The public times of the broken reports behind it. */
  firstReportedAt: isoDateTimeSchema,
  lastConfirmedAt: isoDateTimeSchema,
  parents: z.int().min(0),
  photos: z.array(defectPhotoSchema),
  delivery: z.object({
    state: deliveryStateSchema,
    channels: z.array(z.enum(DELIVERY_CHANNELS)),
    /** The Open311 service request id the council's system gave, when sent that way. */
    open311RequestId: z.string().nullable(),
  }),
  /** Reopened by parents within 48 h of a "fixed". */
  reopened: z.boolean(),
  resolvedAt: isoDateTimeSchema.nullable(),
});
export type Defect = z.infer<typeof defectSchema>;

/** GET /api/maintenance/areas/:id/defects: an area's open defects, oldest first. */
export const areaDefectsSchema = z.object({
  area: z.object({ id: idSchema, name: z.string() }),
  defects: z.array(defectSchema),
});
export type AreaDefects = z.infer<typeof areaDefectsSchema>;

/** GET /api/maintenance/areas: the areas the caller maintains (all of them for admins). */
export const myAreasSchema = z.object({
  areas: z.array(z.object({ id: idSchema, name: z.string(), openDefects: z.int().min(0) })),
});
export type MyAreas = z.infer<typeof myAreasSchema>;

/** POST /api/maintenance/defects/:id/answer: the maintainer's word. */
export const defectAnswerRequestSchema = z.strictObject({ answer: z.enum(['fixed', 'not_defect']) });
export type DefectAnswerRequest = z.output<typeof defectAnswerRequestSchema>;
export const defectParamsSchema = z.strictObject({ id: idSchema });

/** GET /api/admin/deliveries: deliveries by state (failed ones first of interest). */
export const deliveriesQuerySchema = z.strictObject({
  state: fromQuery(deliveryStateSchema.optional()),
});
export const deliverySchema = z.object({
  defectId: idSchema,
  area: z.object({ id: idSchema, name: z.string() }),
  place: placeRefSchema,
  equipment: equipmentSchema,
  state: deliveryStateSchema,
  attempts: z.int().min(0),
  /** The last error the e-mail or Open311 server gave (no parent's data is ever in it). */
  lastError: z.string().nullable(),
  updatedAt: isoDateTimeSchema,
});
export const deliveriesSchema = z.object({ deliveries: z.array(deliverySchema) });
export type Deliveries = z.infer<typeof deliveriesSchema>;

/** A fix a parent sees: "Fixed on <date> by <area name>". */
export const defectFixSchema = z.object({
  equipment: equipmentSchema,
  fixedAt: isoDateTimeSchema,
  areaName: z.string(),
});
export type DefectFix = z.infer<typeof defectFixSchema>;

/**
 * A place's page answer (`maintenance` of GET /api/locations/:id/page): who maintains the
 * place (null: in no area) and its fixes of the last FIX_SHOWN_DAYS.
 */
export const placeMaintenanceSchema = z.object({
  maintainedBy: z.object({ name: z.string() }).nullable(),
  fixes: z.array(defectFixSchema),
});
export type PlaceMaintenance = z.infer<typeof placeMaintenanceSchema>;

/** GET /api/me/fixes: fixes of equipment the caller reported or confirmed broken, newest first. */
export const myFixesSchema = z.object({
  fixes: z.array(defectFixSchema.extend({ place: placeRefSchema })),
});
export type MyFixes = z.infer<typeof myFixesSchema>;

/** GeoReport v2's answer to `POST requests`: a request id, or a token to ask for it later. */
export const georeportCreatedSchema = z
  .array(
    z.looseObject({
      service_request_id: z.union([z.string(), z.number()]).optional().nullable(),
      token: z.union([z.string(), z.number()]).optional().nullable(),
    }),
  )
  .min(1);

/** GeoReport v2's answer to `GET requests/{id}` (and `tokens/{token}`): the request's status. */
export const georeportRequestsSchema = z.array(
  z.looseObject({
    service_request_id: z.union([z.string(), z.number()]).optional().nullable(),
    status: z.string().optional().nullable(),
    updated_datetime: z.string().optional().nullable(),
  }),
);
