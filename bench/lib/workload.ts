/**
 * What both sides ask for: a fixed list of places near the seeded cities, turned into API
 * paths for autocannon (and, in sql-scripts.ts, into pgbench variables).
 */
import { CITIES, type City } from './cities.ts';

export const RADIUS_KM = 5;
export const PAGE_LIMIT = 50;
/** City zoom: a phone-sized map at zoom 13 shows about 0.05° of longitude. */
export const VIEWPORT_ZOOM = 13;
export const VIEWPORT_HALF_WIDTH = 0.025;
export const VIEWPORT_HALF_HEIGHT = 0.0175;

export interface Centre {
  lat: number;
  lng: number;
}

/** Small deterministic PRNG (mulberry32): the same centres (and mixes) on every run. */
export function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * `count` places where parents look: a city picked by its share of spots, then a gaussian
 * offset with the city's spread, like the seeded spots themselves.
 */
export function queryCentres(count: number): Centre[] {
  const random = randomSource(20_240_601);
  const totalWeight = CITIES.reduce((sum, city) => sum + city.weight, 0);
  const pickCity = (): City => {
    let ticket = random() * totalWeight;
    for (const city of CITIES) {
      ticket -= city.weight;
      if (ticket < 0) return city;
    }
    return CITIES[CITIES.length - 1] as City;
  };
  return Array.from({ length: count }, () => {
    const city = pickCity();
    const distanceKm = city.spreadKm * Math.sqrt(-2 * Math.log(1 - random()));
    const angle = 2 * Math.PI * random();
    const lat = city.lat + (distanceKm * Math.sin(angle)) / 111.32;
    const lng = city.lng + (distanceKm * Math.cos(angle)) / (111.32 * Math.cos((city.lat * Math.PI) / 180));
    // Boxes stay clear of the antimeridian, whose split query would be a different statement.
    return { lat: round6(lat), lng: round6(Math.max(-179.9, Math.min(179.9, lng))) };
  });
}

export interface ViewportBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The same arithmetic as the pgbench script, so both sides query identical boxes. */
export function viewportBox(centre: Centre): ViewportBox {
  return {
    west: centre.lng - VIEWPORT_HALF_WIDTH,
    south: centre.lat - VIEWPORT_HALF_HEIGHT,
    east: centre.lng + VIEWPORT_HALF_WIDTH,
    north: centre.lat + VIEWPORT_HALF_HEIGHT,
  };
}

/**
 * The map list's radius read, as the web map asks it: the 50 nearest within 5 km in the
 * lean summary shape (GET /api/locations/summaries, the same page as GET /api/locations).
 */
export function radiusPath(centre: Centre): string {
  return `/api/locations/summaries?lat=${centre.lat}&lng=${centre.lng}&radiusKm=${RADIUS_KM}&limit=${PAGE_LIMIT}`;
}

export function boxPath(box: ViewportBox): string {
  return `/api/locations/viewport?west=${box.west}&south=${box.south}&east=${box.east}&north=${box.north}&zoom=${VIEWPORT_ZOOM}`;
}

export const viewportPath = (centre: Centre): string => boxPath(viewportBox(centre));
