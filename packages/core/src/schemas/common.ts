/**
 * Building blocks shared by the entity and request schemas. Every field that appears in
 * more than one schema is defined once here.
 *
 * Request schemas build every string on storableString() (NUL and lone surrogates refused),
 * free-form JSON on freeJsonSchema() (bounded), page cursors on pageCursorSchema (bounded
 * offsets): what a client sends is refused at the edge with a 400 naming the field, instead
 * of failing later in the database.
 */
import { z } from 'zod';
import {
  AGE_RANGES,
  MAX_ZOOM,
  MIN_ZOOM,
  REPEAT_PATTERNS,
  TAG_MAX_LENGTH,
  TAG_MIN_LENGTH,
  USER_ROLES,
  WEEKDAY_NAMES,
} from '../constants.ts';
import { isValidTime } from '../events.ts';
import { freeJsonIssue, type FreeJsonLimits, type JsonValue } from '../free-json.ts';
import { decodePageCursor, MAX_PAGE_OFFSET } from '../page-cursor.ts';
import { normalizeTag, normalizeTags } from '../tag-votes.ts';
import { isStorableText, normalizeWebsite, UNSTORABLE_TEXT_MESSAGE } from '../text.ts';
import { validateUserName } from '../user-names.ts';
import { VOTE_VALUES } from '../votes.ts';

/** Any text in a request: a string without NUL or lone surrogates (isStorableText). */
export function storableString() {
  return z.string().refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE });
}

/**
 * Free-form JSON in a request (see freeJsonIssue): refused when deeper, larger or longer
 * than `limits`, or when a key or string is not storable.
 */
export function freeJsonSchema(limits: FreeJsonLimits) {
  return z.unknown().transform((value, ctx): JsonValue => {
    const issue = freeJsonIssue(value, limits);
    if (issue === null) return value as JsonValue;
    ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  });
}

/**
 * Any JSON value in a response, already checked when it was written (freeJsonSchema). Written
 * as `{}` (any value) in the published API document: a self-referring JSON type cannot be
 * named there in a way generated TypeScript clients compile. Typed as what was stored: the cast
 * only names the type, zod has nothing more to check.
 */
export const jsonValueSchema = z
  .unknown()
  .meta({ description: 'Any JSON value' }) as unknown as z.ZodType<JsonValue>;

/** Server-generated ids. */
export const idSchema = z.uuid();

/** An instant as an ISO 8601 string with Z or an offset, e.g. '2026-04-05T02:30:00.000Z'. */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });

/** A calendar date 'YYYY-MM-DD' (a real date: no 2026-02-30). */
export const localDateSchema = z.iso.date();

export const latitudeSchema = z.number().min(-90).max(90);
export const longitudeSchema = z.number().min(-180).max(180);

export const latLngSchema = z.strictObject({ lat: latitudeSchema, lng: longitudeSchema });

export const voteValueSchema = z.enum(VOTE_VALUES);
export const voteCountsSchema = z.object({ up: z.int().min(0), down: z.int().min(0) });

export const ageRangeSchema = z.enum(AGE_RANGES);
export const userRoleSchema = z.enum(USER_ROLES);
export const weekdayNameSchema = z.enum(WEEKDAY_NAMES);
export const repeatPatternSchema = z.enum(REPEAT_PATTERNS);

/** 24-hour 'HH:MM'. */
export const timeOfDaySchema = storableString().refine(isValidTime, {
  message: "Time must be 'HH:MM' (00:00–23:59).",
});

/** One tag as typed: trimmed and inner whitespace collapsed, 1–40 characters. */
export const tagSchema = storableString()
  .transform(normalizeTag)
  .pipe(z.string().min(TAG_MIN_LENGTH).max(TAG_MAX_LENGTH));

/** A place's tag list, normalised by normalizeTags; any issue fails validation. */
export const tagsSchema = z
  .array(storableString().max(1000))
  .max(1000)
  .transform((raw, ctx) => {
    const { tags, issues } = normalizeTags(raw);
    for (const issue of issues) {
      ctx.addIssue({
        code: 'custom',
        message: issue.message,
        path: issue.index === undefined ? [] : [issue.index],
      });
    }
    return tags;
  });

/** A website as entered; normalised to an https:// link, '' or null meaning none. */
export const websiteSchema = storableString()
  .nullable()
  .transform((raw, ctx) => {
    const result = normalizeWebsite(raw);
    if (result.ok) return result.url;
    ctx.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  });

/** A user name, checked by validateUserName and trimmed. */
export const userNameSchema = storableString().transform((raw, ctx) => {
  const result = validateUserName(raw);
  if (result.ok) return result.userName;
  ctx.addIssue({ code: 'custom', message: result.message });
  return z.NEVER;
});

/** Trimmed text with length bounds. */
export function textSchema(min: number, max: number) {
  return storableString()
    .transform((value) => value.trim())
    .pipe(z.string().min(min).max(max));
}

// ---------------------------------------------------------------------------------------
// Query strings: every value arrives as text. An empty value counts as absent (so `lat=`
// is not silently 0), numbers are coerced, booleans accept true/false, 1/0, yes/no.
// (z.coerce.boolean would read the text 'false' as true, so booleans use z.stringbool.)
// ---------------------------------------------------------------------------------------

function emptyToUndefined(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

/** A query-string field: an empty value is treated as absent before `schema` runs. */
export function fromQuery<T extends z.ZodType>(schema: T): z.ZodPreprocess<T> {
  return z.preprocess(emptyToUndefined, schema);
}

export const queryLatitudeSchema = fromQuery(z.coerce.number().min(-90).max(90).optional());
export const queryLongitudeSchema = fromQuery(z.coerce.number().min(-180).max(180).optional());
export const queryBooleanSchema = fromQuery(z.stringbool().optional());
export const queryZoomSchema = fromQuery(z.coerce.number().int().min(MIN_ZOOM).max(MAX_ZOOM));

/**
 * A page cursor from a previous page's nextCursor, read into the offset of the page it
 * names (at most MAX_PAGE_OFFSET).
 */
export const pageCursorSchema = storableString()
  .max(500)
  .transform((cursor, ctx) => {
    const offset = decodePageCursor(cursor);
    if (offset !== null) return offset;
    ctx.addIssue({
      code: 'custom',
      message: `Invalid cursor: pass nextCursor from a previous page as it is (offsets up to ${MAX_PAGE_OFFSET}).`,
    });
    return z.NEVER;
  });

/** Path parameter `:id`. */
export const idParamsSchema = z.strictObject({ id: idSchema });
