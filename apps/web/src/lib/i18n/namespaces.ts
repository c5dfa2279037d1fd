/** Every namespace of src/locales/<language>/ (one per feature, plus common and app). */
export const NAMESPACES = [
  'app',
  'auth',
  'common',
  'conditions',
  'contribute',
  'deals',
  'embed',
  'events',
  'favourites',
  'filters',
  'location-details',
  'map',
  'moderation',
  'offline',
  'photo-review',
  'profile',
  'right-now',
  'search',
  'terms',
  'user-position',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export function isNamespace(value: string): value is Namespace {
  return (NAMESPACES as readonly string[]).includes(value);
}
