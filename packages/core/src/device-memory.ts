/**
 * Reading back what the web app keeps on the device (STORAGE_KEYS.lastKnownPosition,
 * STORAGE_KEYS.lastMapView) without zod: the map reads both before its first paint, and the
 * validator library is kept off that path (the web's initial-JS budget). The rules are those
 * of schemas/device-memory.ts; device-memory.test.ts checks that both accept the same values.
 */
import { MAX_ZOOM, MIN_ZOOM } from './constants.ts';
import { POSITION_SOURCES, type KnownPosition } from './position.ts';

export interface RememberedMapViewValue {
  readonly lat: number;
  readonly lng: number;
  readonly zoom: number;
}

/** RFC 3339 date and time with seconds and a Z or ±hh:mm offset, as z.iso.datetime({ offset: true }) reads it. */
const ISO_DATE_TIME =
  /^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/u;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNumberIn(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;
}

/** The remembered position in `value` (parsed JSON), or null when it does not fit. */
export function rememberedPositionFrom(value: unknown): KnownPosition | null {
  if (!isRecord(value)) return null;
  const { lat, lng, source, accuracyM, readAt } = value;
  if (!isNumberIn(lat, -90, 90) || !isNumberIn(lng, -180, 180)) return null;
  if (typeof source !== 'string' || !(POSITION_SOURCES as readonly string[]).includes(source)) return null;
  if (accuracyM !== null && !isNumberIn(accuracyM, 0, Number.MAX_VALUE)) return null;
  if (typeof readAt !== 'string' || !ISO_DATE_TIME.test(readAt)) return null;
  return { lat, lng, source: source as KnownPosition['source'], accuracyM, readAt };
}

/** The remembered map view in `value` (parsed JSON), or null when it does not fit. */
export function rememberedMapViewFrom(value: unknown): RememberedMapViewValue | null {
  if (!isRecord(value)) return null;
  const { lat, lng, zoom } = value;
  if (!isNumberIn(lat, -90, 90) || !isNumberIn(lng, -180, 180) || !isNumberIn(zoom, MIN_ZOOM, MAX_ZOOM)) {
    return null;
  }
  return { lat, lng, zoom };
}
