/**
 * Generated OpenStreetMap-like playground elements for the scale benchmark: clustered around
 * the benchmark's world cities (bench/lib/cities.ts) with a gaussian spread, named like real
 * playgrounds, with the tags real data carries (fee, ages, surface, equipment, website). The
 * same seed gives the same elements, so runs stay comparable.
 */
import { CITIES, type City } from './cities.ts';

function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const FIRST = [
  'Oak',
  'Maple',
  'River',
  'Hill',
  'Lake',
  'Station',
  'Church',
  'Mill',
  'Garden',
  'Harbour',
  'Forest',
  'Meadow',
  'Castle',
  'Bridge',
  'School',
  'Market',
  'Linden',
  'Birch',
  'Cedar',
  'Willow',
];
const SECOND = [
  'Street',
  'Road',
  'Park',
  'Green',
  'Square',
  'Lane',
  'Avenue',
  'Gardens',
  'Reserve',
  'Common',
];
const KIND = [
  'Playground',
  'Play Area',
  'Adventure Playground',
  'Spielplatz',
  'Lekplats',
  'Aire de jeux',
  'Parque infantil',
];
const OPTIONAL_TAGS: readonly (readonly [string, string, number])[] = [
  ['surface', 'sand', 0.2],
  ['surface', 'woodchips', 0.1],
  ['fenced', 'yes', 0.25],
  ['wheelchair', 'yes', 0.1],
  ['shade', 'yes', 0.1],
  ['toilets', 'yes', 0.05],
  ['playground:slide', 'yes', 0.3],
  ['playground:swing', 'yes', 0.35],
  ['playground:sandpit', 'yes', 0.25],
  ['lit', 'yes', 0.05],
];

export interface ScaleDataset {
  cities: readonly City[];
  elements(count: number): Generator<Record<string, unknown>>;
}

/** `count` elements; about 8 % are ways placed by an Overpass `center`, 2 % private. */
export function* scaleElements(count: number, seed = 20_261_123): Generator<Record<string, unknown>> {
  const random = randomSource(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const slots = CITIES.flatMap((city) => Array.from({ length: city.weight }, () => city));
  for (let index = 0; index < count; index += 1) {
    const city = pick(slots);
    const distanceKm = city.spreadKm * Math.sqrt(-2 * Math.log(1 - random()));
    const angle = 2 * Math.PI * random();
    const lat = city.lat + (distanceKm * Math.sin(angle)) / 111.32;
    const lng = Math.max(
      -180,
      Math.min(
        180,
        city.lng + (distanceKm * Math.cos(angle)) / (111.32 * Math.cos((city.lat * Math.PI) / 180)),
      ),
    );
    const tags: Record<string, string> = { leisure: random() < 0.03 ? 'indoor_play' : 'playground' };
    // About 40 % of real playgrounds have no name (they get 'Playground, <street>').
    if (random() < 0.6) tags.name = `${pick(FIRST)} ${pick(SECOND)} ${pick(KIND)}`;
    else tags['addr:street'] = `${pick(FIRST)} ${pick(SECOND)}`;
    for (const [key, value, share] of OPTIONAL_TAGS) if (random() < share) tags[key] = value;
    if (random() < 0.1) tags.fee = random() < 0.8 ? 'no' : 'yes';
    if (random() < 0.08) {
      tags.min_age = String(Math.floor(random() * 6));
      tags.max_age = String(6 + Math.floor(random() * 10));
    }
    if (random() < 0.03)
      tags.website = `https://parks.example.org/${city.name.toLowerCase().replace(/\W+/gu, '-')}/${index}`;
    if (random() < 0.02) tags.access = 'private';
    const latitude = Math.round(lat * 1e7) / 1e7;
    const longitude = Math.round(lng * 1e7) / 1e7;
    yield random() < 0.08
      ? { type: 'way', id: index + 1, center: { lat: latitude, lon: longitude }, tags }
      : { type: 'node', id: index + 1, lat: latitude, lon: longitude, tags };
  }
}
