/**
 * The add/edit form's fields and the id of each one's control on the page: what the form
 * and its pickers both need, below both (the pickers do not import the form's rules).
 */
export type PlaceFormField =
  'name' | 'position' | 'tags' | 'ageRanges' | 'indoor' | 'free' | 'officialWebsite' | 'description';

/** The id of a field's control (or group) on the page: `field-name`, `field-tags`. */
export function fieldId(field: PlaceFormField | 'photos'): string {
  return `field-${field}`;
}
