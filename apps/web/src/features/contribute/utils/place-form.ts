/**
 * The add/edit form's values and their check against core's createPlaceSchema, turned
 * into one message per field (shown next to it) instead of zod's list of issues.
 */
import {
  createPlaceSchema,
  PLACE_DESCRIPTION_MAX_LENGTH,
  PLACE_NAME_MAX_LENGTH,
  type AgeRange,
  type CreatePlace,
  type CreatePlaceInput,
  type LatLng,
  type Place,
} from '@playspot/core';
import { placeLatLng } from '../../../lib/lat-lng.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';
import type { PlaceFormField } from './field-id.ts';

export interface PlaceFormValues {
  readonly name: string;
  readonly position: LatLng;
  readonly tags: readonly string[];
  readonly ageRanges: readonly AgeRange[];
  /** null: not said (the filters treat it as unknown). */
  readonly indoor: boolean | null;
  readonly free: boolean | null;
  readonly officialWebsite: string;
  readonly description: string;
}

export type FieldErrors = Partial<Record<PlaceFormField, string>>;

/** Field order on the page: the first field with an error gets the focus. */
export const FIELD_ORDER: readonly PlaceFormField[] = [
  'name',
  'position',
  'tags',
  'ageRanges',
  'indoor',
  'free',
  'officialWebsite',
  'description',
];

export function emptyPlaceForm(position: LatLng): PlaceFormValues {
  return {
    name: '',
    position,
    tags: [],
    ageRanges: [],
    indoor: null,
    free: null,
    officialWebsite: '',
    description: '',
  };
}

export function formFromPlace(place: Place): PlaceFormValues {
  return {
    name: place.name,
    position: placeLatLng(place),
    tags: place.tags,
    ageRanges: place.ageRanges,
    indoor: place.indoor,
    free: place.free,
    officialWebsite: place.officialWebsite ?? '',
    description: place.description ?? '',
  };
}

export function toPlaceInput(values: PlaceFormValues): CreatePlaceInput {
  return {
    name: values.name,
    latitude: values.position.lat,
    longitude: values.position.lng,
    tags: [...values.tags],
    ageRanges: [...values.ageRanges],
    indoor: values.indoor,
    free: values.free,
    officialWebsite: values.officialWebsite.trim() === '' ? null : values.officialWebsite,
    description: values.description,
  };
}

const FIELD_OF_KEY: Record<string, PlaceFormField> = {
  name: 'name',
  latitude: 'position',
  longitude: 'position',
  tags: 'tags',
  ageRanges: 'ageRanges',
  indoor: 'indoor',
  free: 'free',
  officialWebsite: 'officialWebsite',
  description: 'description',
};

/** zod's length messages are for developers; parents get these. */
function friendlyMessage(field: PlaceFormField, code: string, message: string): string {
  if (field === 'name' && code === 'too_small') return i18n.t('contribute:errors.nameMissing');
  if (field === 'name' && code === 'too_big')
    return i18n.t('contribute:errors.nameLong', { max: PLACE_NAME_MAX_LENGTH });
  if (field === 'description' && code === 'too_big')
    return i18n.t('contribute:errors.descriptionLong', { max: PLACE_DESCRIPTION_MAX_LENGTH });
  if (field === 'position') return i18n.t('contribute:errors.position');
  return message;
}

export type PlaceFormCheck =
  { readonly ok: true; readonly data: CreatePlace } | { readonly ok: false; readonly errors: FieldErrors };

export function validatePlaceForm(values: PlaceFormValues): PlaceFormCheck {
  const result = createPlaceSchema.safeParse(toPlaceInput(values));
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0];
    const field = typeof key === 'string' ? FIELD_OF_KEY[key] : undefined;
    if (field === undefined || errors[field] !== undefined) continue;
    errors[field] = friendlyMessage(field, issue.code, issue.message);
  }
  return { ok: false, errors };
}

export function firstInvalidField(errors: FieldErrors): PlaceFormField | null {
  return FIELD_ORDER.find((field) => errors[field] !== undefined) ?? null;
}
