/**
 * One point for a mapped shape: OSM ways and relations and GeoJSON polygons become the
 * centroid of their outline (area-weighted, in lng/lat degrees, which is exact enough for
 * a playground-sized shape), or the average vertex of a line or a degenerate ring.
 */
import type { LatLng } from '../geo.ts';

/** [lng, lat] as in GeoJSON. */
export type Position = readonly [number, number];

function averageOf(points: readonly Position[]): LatLng | null {
  if (points.length === 0) return null;
  let lng = 0;
  let lat = 0;
  for (const [x, y] of points) {
    lng += x;
    lat += y;
  }
  return { lat: lat / points.length, lng: lng / points.length };
}

/** Signed area (×2) and area-weighted centroid sums of one ring, relative to its first vertex. */
function ringMoments(ring: readonly Position[]): { area2: number; cx: number; cy: number } {
  const origin = ring[0];
  let area2 = 0;
  let cx = 0;
  let cy = 0;
  if (!origin) return { area2, cx, cy };
  for (let i = 0; i < ring.length; i += 1) {
    const a = ring[i];
    const b = ring[(i + 1) % ring.length];
    if (!a || !b) continue;
    const ax = a[0] - origin[0];
    const ay = a[1] - origin[1];
    const bx = b[0] - origin[0];
    const by = b[1] - origin[1];
    const cross = ax * by - bx * ay;
    area2 += cross;
    cx += (ax + bx) * cross;
    cy += (ay + by) * cross;
  }
  return { area2, cx: cx + origin[0] * 3 * area2, cy: cy + origin[1] * 3 * area2 };
}

/**
 * Centroid of polygons given as rings: the first ring of each polygon is its outline, the
 * others are holes. Winding does not matter (rings are made positive before adding up).
 */
export function polygonsCentroid(polygons: readonly (readonly (readonly Position[])[])[]): LatLng | null {
  let area2 = 0;
  let cx = 0;
  let cy = 0;
  const vertices: Position[] = [];
  for (const rings of polygons) {
    rings.forEach((ring, index) => {
      vertices.push(...ring);
      const moments = ringMoments(ring);
      // Outlines add, holes subtract, whatever their winding.
      const factor = (index === 0 ? 1 : -1) * (moments.area2 < 0 ? -1 : 1);
      area2 += factor * moments.area2;
      cx += factor * moments.cx;
      cy += factor * moments.cy;
    });
  }
  if (Math.abs(area2) < 1e-14) return averageOf(vertices);
  return { lng: cx / (3 * area2), lat: cy / (3 * area2) };
}

/** Average of a line's vertices (an unclosed way). */
export function lineCentre(points: readonly Position[]): LatLng | null {
  return averageOf(points);
}
