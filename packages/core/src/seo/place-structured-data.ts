/**
 * A place's schema.org JSON-LD (issue 47): `Playground`, or `Place` for indoor play (schema.org
 * has no indoor playground type), typed by schema-dts. A pure function of what the place page
 * reads (the place, its facts, its equipment, its opening hours), so it takes whichever read
 * feeds the page. Only what the page shows anyone signed out; disputed facts are left out, as
 * a search engine would show them as settled.
 */
import type { LocationFeatureSpecification, PlaceLeaf, PlaygroundLeaf, WithContext } from 'schema-dts';
import type { EquipmentKind } from '../equipment-kinds.ts';
import type { FactKey } from '../facts.ts';
import { openingHoursSpecification } from './opening-hours-specification.ts';

export interface StructuredPlace {
  readonly id: string;
  readonly name: string;
  readonly description: string | null;
  readonly latitude: number;
  readonly longitude: number;
  readonly indoor: boolean | null;
  readonly free: boolean | null;
}

export interface StructuredFact {
  readonly key: FactKey;
  readonly value: string;
  readonly disputed: boolean;
}

export interface StructuredEquipment {
  readonly kind: EquipmentKind;
  readonly present: boolean;
  readonly disputed: boolean;
}

/** Where the place is, in words: the town it is in or nearest to. */
export interface StructuredTown {
  readonly name: string;
  /** ISO 3166-1 alpha-2. */
  readonly country: string;
}

export interface PlaceStructuredDataInput {
  readonly place: StructuredPlace;
  readonly facts: readonly StructuredFact[];
  readonly equipment: readonly StructuredEquipment[];
  /** The OSM `opening_hours` value; null when unknown. */
  readonly openingHours: string | null;
  /** The page's canonical URL. */
  readonly url: string;
  /** Absolute URLs of the place's photos, the first the one previews show. */
  readonly photos: readonly string[];
  readonly town: StructuredTown | null;
}

/** Yes/no facts a parent looks for, as schema.org amenity features (in English: search engines' words). */
const YES_NO_FEATURES: Partial<Record<FactKey, string>> = {
  toilets: 'Toilets',
  changing_table: 'Baby changing table',
  fenced: 'Fenced',
  shade: 'Shade',
  lit: 'Lit after dark',
  drinking_water: 'Drinking water',
  parking: 'Parking',
};

const EQUIPMENT_NAMES: Record<EquipmentKind, string> = {
  swing: 'Swing',
  baby_swing: 'Baby swing',
  accessible_swing: 'Accessible swing',
  basket_swing: 'Basket swing',
  slide: 'Slide',
  sandpit: 'Sandpit',
  climbing_frame: 'Climbing frame',
  play_structure: 'Play structure',
  seesaw: 'Seesaw',
  springy: 'Spring rider',
  roundabout: 'Roundabout',
  zipline: 'Zip line',
  water_play: 'Water play',
  playhouse: 'Playhouse',
  trampoline: 'Trampoline',
  balance_beam: 'Balance beam',
  horizontal_bar: 'Horizontal bar',
};

interface Feature {
  readonly name: string;
  readonly value: boolean | string;
}

function amenityFeatures(
  facts: readonly StructuredFact[],
  equipment: readonly StructuredEquipment[],
): Feature[] {
  const features: Feature[] = [];
  const named = new Set<string>();
  const add = (name: string, value: boolean | string) => {
    if (named.has(name)) return;
    named.add(name);
    features.push({ name, value });
  };
  for (const fact of facts) {
    if (fact.disputed) continue;
    const name = YES_NO_FEATURES[fact.key];
    if (name !== undefined && (fact.value === 'yes' || fact.value === 'no')) add(name, fact.value === 'yes');
    if (fact.key === 'wheelchair')
      add('Wheelchair access', fact.value === 'limited' ? 'limited' : fact.value === 'yes');
    if (fact.key === 'dogs')
      add('Dogs allowed', fact.value === 'leashed' ? 'on a leash' : fact.value === 'yes');
  }
  for (const item of equipment) if (!item.disputed && item.present) add(EQUIPMENT_NAMES[item.kind], true);
  return features;
}

/** Free when the place says so; else from the entry-fee fact. */
function accessibleForFree(place: StructuredPlace, facts: readonly StructuredFact[]): boolean | null {
  if (place.free !== null) return place.free;
  const fee = facts.find((fact) => fact.key === 'fee' && !fact.disputed);
  return fee === undefined ? null : fee.value === 'no';
}

/** Numbers in coordinates are kept to 6 decimals (about 10 cm): more says nothing. */
const coordinate = (value: number) => Math.round(value * 1e6) / 1e6;

export type PlaceStructuredData = WithContext<PlaceLeaf | PlaygroundLeaf>;

/**
 * Built by assignment rather than spreads, so schema-dts checks every property's name and
 * type (an object spread escapes TypeScript's excess-property check).
 */
export function placeStructuredData(input: PlaceStructuredDataInput): PlaceStructuredData {
  const { place, facts, equipment, url, photos, town } = input;
  const data: PlaceLeaf = {
    '@type': 'Place',
    '@id': url,
    name: place.name,
    url,
    geo: {
      '@type': 'GeoCoordinates',
      latitude: coordinate(place.latitude),
      longitude: coordinate(place.longitude),
    },
  };
  const description = place.description?.trim() ?? '';
  if (description !== '') data.description = description;
  if (town !== null)
    data.address = { '@type': 'PostalAddress', addressLocality: town.name, addressCountry: town.country };
  const hours = input.openingHours === null ? null : openingHoursSpecification(input.openingHours);
  if (hours !== null) data.openingHoursSpecification = hours;
  const features = amenityFeatures(facts, equipment);
  if (features.length > 0)
    data.amenityFeature = features.map(({ name, value }): LocationFeatureSpecification => ({
      '@type': 'LocationFeatureSpecification',
      name,
      value,
    }));
  const free = accessibleForFree(place, facts);
  if (free !== null) data.isAccessibleForFree = free;
  if (photos.length > 0) {
    data.photo = photos.map((photo) => ({ '@type': 'ImageObject', contentUrl: photo, url: photo }));
    data.image = photos[0];
  }
  if (place.indoor === true) return { '@context': 'https://schema.org', ...data };
  const playground: PlaygroundLeaf = { ...data, '@type': 'Playground' };
  return { '@context': 'https://schema.org', ...playground };
}

/** The names of the features the structured data lists as there ('Toilets', 'Slide'…). */
export function featuresPresent(
  facts: readonly StructuredFact[],
  equipment: readonly StructuredEquipment[],
): string[] {
  return amenityFeatures(facts, equipment)
    .filter((item) => item.value === true)
    .map((item) => item.name);
}
