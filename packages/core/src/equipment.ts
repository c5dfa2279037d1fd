/**
 * Play equipment (issue 33): which devices a playground has and how many, read from
 * OpenStreetMap at import (`playground:<device>=yes|<count>` on the playground, and
 * `playground=<device>` elements inside its outline or within EQUIPMENT_NEARBY_M of a
 * playground node), then confirmed or corrected by parents.
 *
 * Equipment is kept with the facts (issue 18): each kind is the fact `equipment:<kind>`.
 * An import states 'yes', 'no' or a count ('3'); a parent answers 'yes' or 'no'. What a
 * page shows is factStatus over the presence ('3' counts as 'yes'), with the imported count
 * while the parents agree the device is there.
 */
import { factStatus, type FactAnswer } from './facts.ts';
import { EQUIPMENT_KINDS, equipmentPresent, isEquipmentKind, type EquipmentKind } from './equipment-kinds.ts';
import { haversineKm, type LatLng } from './geo.ts';

/** A device node belongs to a playground node at most this far away (metres). */
export const EQUIPMENT_NEARBY_M = 30;

/** More than this many of one device is not a count but a typo (an id, a year). */
export const EQUIPMENT_MAX_COUNT = 99;

export const EQUIPMENT_FACT_PREFIX = 'equipment:';
export type EquipmentFactKey = `equipment:${EquipmentKind}`;

export const equipmentFactKey = (kind: EquipmentKind): EquipmentFactKey => `${EQUIPMENT_FACT_PREFIX}${kind}`;

/** The kind a fact key stands for ('equipment:slide' → 'slide'), or null. */
export function equipmentKindOfFact(key: string): EquipmentKind | null {
  if (!key.startsWith(EQUIPMENT_FACT_PREFIX)) return null;
  const kind = key.slice(EQUIPMENT_FACT_PREFIX.length);
  return isEquipmentKind(kind) ? kind : null;
}

/**
 * OSM device values (`playground=<value>`, `playground:<value>=…`) → kinds. Several OSM
 * values mean one thing to a parent (a pump and a splash pad are both water play).
 */
const OSM_DEVICES: Readonly<Record<string, EquipmentKind>> = {
  swing: 'swing',
  baby_swing: 'baby_swing',
  'swing:baby': 'baby_swing',
  wheelchair_swing: 'accessible_swing',
  'swing:wheelchair': 'accessible_swing',
  basketswing: 'basket_swing',
  basket_swing: 'basket_swing',
  slide: 'slide',
  sandpit: 'sandpit',
  sand: 'sandpit',
  climbingframe: 'climbing_frame',
  climbing_frame: 'climbing_frame',
  climbingwall: 'climbing_frame',
  climbing_wall: 'climbing_frame',
  structure: 'play_structure',
  seesaw: 'seesaw',
  springy: 'springy',
  spring_rider: 'springy',
  roundabout: 'roundabout',
  zipwire: 'zipline',
  zipline: 'zipline',
  aerialrunway: 'zipline',
  water: 'water_play',
  splash_pad: 'water_play',
  water_play: 'water_play',
  pump: 'water_play',
  archimedes_screw: 'water_play',
  playhouse: 'playhouse',
  trampoline: 'trampoline',
  balancebeam: 'balance_beam',
  balance_beam: 'balance_beam',
  horizontal_bar: 'horizontal_bar',
};

/** Equipment as an import states it: a count, present without a count ('yes'), or absent ('no'). */
export type EquipmentValue = number | 'yes' | 'no';
export type EquipmentCounts = Partial<Record<EquipmentKind, EquipmentValue>>;

type Tags = Readonly<Record<string, string>>;

const YES = new Set(['yes', 'true', 'designated']);
const NO = new Set(['no', 'false', '0', 'none']);

function equipmentValue(text: string): EquipmentValue | null {
  const normal = text.trim().toLowerCase();
  if (YES.has(normal)) return 'yes';
  if (NO.has(normal)) return 'no';
  if (/^[1-9]\d*$/u.test(normal)) {
    const count = Number(normal);
    return count <= EQUIPMENT_MAX_COUNT ? count : 'yes';
  }
  return null;
}

/** Two statements about one kind as one: counts add up to the larger, a device beats 'no'. */
function combine(a: EquipmentValue | undefined, b: EquipmentValue): EquipmentValue {
  if (a === undefined || a === 'no') return b;
  if (b === 'no') return a;
  if (a === 'yes') return b;
  if (b === 'yes') return a;
  return Math.max(a, b);
}

/**
 * What a playground's own tags say of its equipment (`playground:swing=2`, `playground:slide=yes`;
 * also `baby_swing=yes`, and a sand surface as a sandpit when no tag says otherwise, as the
 * facts that were these kinds read them before issue 49).
 */
export function equipmentFromTags(tags: Tags): EquipmentCounts {
  const counts: EquipmentCounts = {};
  for (const [key, text] of Object.entries(tags)) {
    const device = key.startsWith('playground:')
      ? key.slice('playground:'.length)
      : key === 'baby_swing'
        ? key
        : null;
    const kind = device === null ? undefined : OSM_DEVICES[device];
    const value = kind === undefined ? null : equipmentValue(text);
    if (kind !== undefined && value !== null) counts[kind] = combine(counts[kind], value);
  }
  if (counts.sandpit === undefined && tags.surface?.trim().toLowerCase() === 'sand') counts.sandpit = 'yes';
  return counts;
}

/**
 * The kind of device an element mapped on its own is (`playground=swing`; with `baby=yes`
 * a baby swing, with `wheelchair=yes` an accessible one), or null when it is none.
 */
export function deviceKindOf(tags: Tags): EquipmentKind | null {
  const value = tags.playground?.trim().toLowerCase();
  if (value === undefined) return null;
  const kind = OSM_DEVICES[value] ?? null;
  if (kind === 'swing') {
    if (tags.wheelchair?.trim().toLowerCase() === 'yes') return 'accessible_swing';
    if (tags.baby?.trim().toLowerCase() === 'yes' || tags['swing:type'] === 'baby') return 'baby_swing';
  }
  return kind;
}

/** A ring as [lng, lat] positions (GeoJSON order), closed or not. */
export type Ring = readonly (readonly [number, number])[];

/** Where a playground is: its outline (outer rings, holes) or a point. */
export type PlaygroundShape =
  | { readonly kind: 'area'; readonly polygons: readonly (readonly Ring[])[] }
  | { readonly kind: 'point'; readonly at: LatLng };

/** Ray casting on [lng, lat] (planar: playgrounds are far smaller than the curvature matters). */
function inRing(point: LatLng, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [xi, yi] = ring[i] ?? [0, 0];
    const [xj, yj] = ring[j] ?? [0, 0];
    if (yi > point.lat !== yj > point.lat && point.lng < ((xj - xi) * (point.lat - yi)) / (yj - yi) + xi)
      inside = !inside;
  }
  return inside;
}

/** Whether a point lies inside a polygon (its first ring, outside its holes). */
export function pointInPolygon(point: LatLng, rings: readonly Ring[]): boolean {
  const [outer, ...holes] = rings;
  if (outer === undefined || !inRing(point, outer)) return false;
  return !holes.some((hole) => inRing(point, hole));
}

export interface PlaygroundOutline {
  readonly id: string;
  readonly shape: PlaygroundShape;
}

export interface Device {
  readonly id: string;
  readonly kind: EquipmentKind;
  readonly at: LatLng;
}

export interface AttachedDevices {
  /** Device counts by playground id. */
  readonly byPlayground: Map<string, EquipmentCounts>;
  /** The ids of the devices attached to a playground. */
  readonly devices: Set<string>;
}

/**
 * Which playground each device belongs to: the first outline (in the order given) that
 * contains it; failing that, the nearest playground node within EQUIPMENT_NEARBY_M; else none
 * (it is not attached).
 */
export function attachDevices(
  playgrounds: readonly PlaygroundOutline[],
  devices: readonly Device[],
): AttachedDevices {
  const attached = new Map<string, EquipmentCounts>();
  const attachedIds = new Set<string>();
  const areas = playgrounds.filter((p) => p.shape.kind === 'area');
  const points = playgrounds.filter((p) => p.shape.kind === 'point');
  for (const device of devices) {
    let owner = areas.find(
      (p) => p.shape.kind === 'area' && p.shape.polygons.some((rings) => pointInPolygon(device.at, rings)),
    )?.id;
    if (owner === undefined) {
      let best = Infinity;
      for (const p of points) {
        if (p.shape.kind !== 'point' || p.id === device.id) continue;
        const metres = haversineKm(device.at, p.shape.at) * 1000;
        if (metres <= EQUIPMENT_NEARBY_M && metres < best) {
          best = metres;
          owner = p.id;
        }
      }
    }
    if (owner === undefined || owner === device.id) continue;
    const counts = attached.get(owner) ?? {};
    const before = counts[device.kind];
    counts[device.kind] = typeof before === 'number' ? before + 1 : 1;
    attached.set(owner, counts);
    attachedIds.add(device.id);
  }
  return { byPlayground: attached, devices: attachedIds };
}

/**
 * A playground's tags and its attached devices as one statement: devices mapped one by one
 * are counted; a tag's larger count wins (the devices may not all be mapped).
 */
export function mergeEquipment(fromTags: EquipmentCounts, devices: EquipmentCounts): EquipmentCounts {
  const merged: EquipmentCounts = { ...fromTags };
  for (const kind of EQUIPMENT_KINDS) {
    const value = devices[kind];
    if (value !== undefined) merged[kind] = combine(merged[kind], value);
  }
  return merged;
}

/** Equipment as imported facts: 'equipment:<kind>' → 'yes' | 'no' | '<count>'. */
export function equipmentFacts(counts: EquipmentCounts): Partial<Record<EquipmentFactKey, string>> {
  const facts: Partial<Record<EquipmentFactKey, string>> = {};
  for (const kind of EQUIPMENT_KINDS) {
    const value = counts[kind];
    if (value !== undefined) facts[equipmentFactKey(kind)] = String(value);
  }
  return facts;
}

/** Whether a parent's answer or an imported value is one equipment takes. */
export function isEquipmentAnswer(value: string): value is 'yes' | 'no' {
  return value === 'yes' || value === 'no';
}

const presenceOf = (imported: string | null): 'yes' | 'no' | null =>
  imported === null ? null : imported === 'no' ? 'no' : 'yes';

export interface EquipmentStatus {
  readonly present: boolean;
  /** How many, as the import counted them, while the device is shown as there; else null. */
  readonly count: number | null;
  /** Parents whose answer agrees with what is shown. */
  readonly confirmedBy: number;
  readonly contradictedBy: number;
  readonly disputed: boolean;
  readonly lastConfirmedAt: Date | null;
}

/**
 * What a place page shows of one kind of equipment, from parents' answers ('yes'/'no', one
 * per parent) and the imported value ('yes', 'no', a count, or null); null when nothing is
 * known. A count imported stands for 'yes'.
 */
export function equipmentStatus(
  answers: readonly FactAnswer[],
  imported: string | null,
): EquipmentStatus | null {
  const status = factStatus(answers, presenceOf(imported));
  if (status === null) return null;
  const present = status.value === 'yes';
  const count = present && imported !== null && /^\d+$/u.test(imported) ? Number(imported) : null;
  return {
    present,
    count,
    confirmedBy: status.confirmedBy,
    contradictedBy: status.contradictedBy,
    disputed: status.disputed,
    lastConfirmedAt: status.lastConfirmedAt,
  };
}

/** The value a place's shown facts keep for a kind: its count, 'yes' or 'no'. */
export function shownEquipmentValue(status: EquipmentStatus): string {
  return status.present ? (status.count === null ? 'yes' : String(status.count)) : 'no';
}

/** The kinds present among a place's shown facts, in EQUIPMENT_KINDS order. */
export function equipmentPresentIn(shown: Readonly<Record<string, string>>): EquipmentKind[] {
  return EQUIPMENT_KINDS.filter((kind) => equipmentPresent(shown[equipmentFactKey(kind)]));
}

/** Whether a place has every asked kind (none asked: true). */
export function passesEquipmentFilter(
  asked: readonly EquipmentKind[] | undefined,
  shown: Readonly<Record<string, string>>,
): boolean {
  return asked === undefined || asked.every((kind) => equipmentPresent(shown[equipmentFactKey(kind)]));
}

/** A parent's answer to one fact of a place, keyed (as facts' KeyedFactAnswer). */
interface KeyedAnswer extends FactAnswer {
  readonly key: string;
}

/**
 * The shown value of each kind of equipment anything is known of (shownEquipmentValue),
 * keyed 'equipment:<kind>': what locations.facts keeps beside shownFacts for the map's filter.
 */
export function shownEquipment(
  imported: Readonly<Record<string, string>>,
  answers: readonly KeyedAnswer[],
): Partial<Record<EquipmentFactKey, string>> {
  const shown: Partial<Record<EquipmentFactKey, string>> = {};
  for (const kind of EQUIPMENT_KINDS) {
    const key = equipmentFactKey(kind);
    const status = equipmentStatus(
      answers.filter((answer) => answer.key === key),
      imported[key] ?? null,
    );
    if (status !== null) shown[key] = shownEquipmentValue(status);
  }
  return shown;
}
