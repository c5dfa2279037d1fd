/** Kid-friendly deals (spec §3, §4, §5). */
import { z } from 'zod';
import { DEAL_EXTRA_MAX_KEYS, DEAL_TITLE_MAX_LENGTH } from '../constants.ts';
import {
  freeJsonSchema,
  idSchema,
  isoDateTimeSchema,
  jsonValueSchema,
  latitudeSchema,
  localDateSchema,
  longitudeSchema,
  storableString,
  textSchema,
  websiteSchema,
} from './common.ts';

/**
 * The spec's "other fields are passed through": free-form JSON kept beside the deal, each
 * value at most 7 levels deep (8 with extra itself), 200 values and 4 000 characters.
 */
const extraSchema = z
  .record(storableString().max(100), freeJsonSchema({ maxDepth: 7, maxValues: 200, maxTextLength: 4000 }))
  .refine((extra) => Object.keys(extra).length <= DEAL_EXTRA_MAX_KEYS, {
    message: `extra can have at most ${DEAL_EXTRA_MAX_KEYS} keys.`,
  });

export const dealSchema = z.object({
  id: idSchema,
  title: z.string().nullable(),
  website: z.string().nullable(),
  imageUrl: z.string().nullable(),
  logoUrl: z.string().nullable(),
  active: z.boolean(),
  /** 'YYYY-MM-DD'; shown through that whole day (isDealShown). null: no expiry. */
  expiryDate: localDateSchema.nullable(),
  extra: z.record(z.string(), jsonValueSchema),
  /** The play spot the deal is at (its name and where it is), or null. */
  location: z
    .object({ id: idSchema, name: z.string(), latitude: latitudeSchema, longitude: longitudeSchema })
    .nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Deal = z.infer<typeof dealSchema>;

const dealTitle = textSchema(0, DEAL_TITLE_MAX_LENGTH)
  .nullable()
  .transform((text) => (text === '' ? null : text));

/** POST /deals body (images and logos are uploaded separately). */
export const createDealSchema = z.strictObject({
  title: dealTitle.default(null),
  /** Prefixed with https:// when it has no scheme. */
  website: websiteSchema.default(null),
  active: z.boolean().default(true),
  expiryDate: localDateSchema.nullable().default(null),
  extra: extraSchema.default({}),
  /** The play spot the deal is at, if any. */
  locationId: idSchema.nullable().default(null),
});
export type CreateDeal = z.output<typeof createDealSchema>;
export type CreateDealInput = z.input<typeof createDealSchema>;

/** PATCH /deals/:id body: any subset of the create fields, at least one. */
export const updateDealSchema = z
  .strictObject({
    title: dealTitle.optional(),
    website: websiteSchema.optional(),
    active: z.boolean().optional(),
    expiryDate: localDateSchema.nullable().optional(),
    extra: extraSchema.optional(),
    locationId: idSchema.nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value: unknown) => value !== undefined), {
    message: 'Nothing to update: give at least one field.',
  });
export type UpdateDeal = z.output<typeof updateDealSchema>;
export type UpdateDealInput = z.input<typeof updateDealSchema>;

/** POST /deals, PATCH /deals/:id answer. */
export const dealResultSchema = z.object({ deal: dealSchema });
export type DealResult = z.infer<typeof dealResultSchema>;

/** GET /deals (shown deals, soonest expiry last) and GET /deals/all (admins) answer. */
export const dealListSchema = z.object({ deals: z.array(dealSchema) });
export type DealList = z.infer<typeof dealListSchema>;

/** DELETE /deals/:id answer. */
export const dealDeletedSchema = z.object({ deleted: z.literal(true) });
