/**
 * Public amenities near play spots (issue 18): toilets, drinking water, changing tables,
 * ice cream and cafés, imported from OpenStreetMap points so a place can say "public toilet
 * 120 m away" and the toilets filter can count one within TOILETS_NEARBY_M.
 */
export const AMENITY_KINDS = ['toilets', 'drinking_water', 'changing_table', 'ice_cream', 'cafe'] as const;
export type AmenityKind = (typeof AMENITY_KINDS)[number];

/** Amenities further than this are not "nearby" on a place page (metres). */
export const AMENITY_NEARBY_M = 500;

export const AMENITY_LABELS: Readonly<Record<AmenityKind, string>> = {
  toilets: 'Public toilet',
  drinking_water: 'Drinking water',
  changing_table: 'Baby changing',
  ice_cream: 'Ice cream',
  cafe: 'Café',
};

const isYes = (value: string | undefined): boolean =>
  value !== undefined && ['yes', 'true', '1'].includes(value.trim().toLowerCase());

/**
 * The amenity kinds an OSM element is (a toilet with a changing table is both), or none.
 * Private ones and ones for customers only are no use to a parent passing by.
 */
export function amenityKindsFromOsm(tags: Readonly<Record<string, string>>): AmenityKind[] {
  const access = tags.access?.trim().toLowerCase();
  if (access === 'private' || access === 'no' || access === 'customers') return [];
  const amenity = tags.amenity?.trim().toLowerCase();
  const kinds: AmenityKind[] = [];
  if (amenity === 'toilets') {
    kinds.push('toilets');
    if (isYes(tags.changing_table) || isYes(tags.diaper)) kinds.push('changing_table');
  } else if (amenity === 'drinking_water' || amenity === 'water_point') kinds.push('drinking_water');
  else if (amenity === 'ice_cream' || tags.shop?.trim().toLowerCase() === 'ice_cream')
    kinds.push('ice_cream');
  else if (amenity === 'cafe') kinds.push('cafe');
  return kinds;
}
