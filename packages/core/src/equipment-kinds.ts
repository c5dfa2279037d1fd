/**
 * The kinds of play equipment (issue 33) on their own: the map's equipment filter carries
 * them, so they must not bring the facts rules into the map's first download.
 */
export const EQUIPMENT_KINDS = [
  'swing',
  'baby_swing',
  'accessible_swing',
  'basket_swing',
  'slide',
  'sandpit',
  'climbing_frame',
  'play_structure',
  'seesaw',
  'springy',
  'roundabout',
  'zipline',
  'water_play',
  'playhouse',
  'trampoline',
  'balance_beam',
  'horizontal_bar',
] as const;
export type EquipmentKind = (typeof EQUIPMENT_KINDS)[number];

export function isEquipmentKind(value: unknown): value is EquipmentKind {
  return typeof value === 'string' && (EQUIPMENT_KINDS as readonly string[]).includes(value);
}

/** Asked kinds as one canonical list: known ones only, each once, in EQUIPMENT_KINDS order. */
export function normalizeEquipmentKinds(asked: readonly unknown[]): EquipmentKind[] {
  return EQUIPMENT_KINDS.filter((kind) => asked.includes(kind));
}

/** Whether a shown value (locations.facts) says the device is there: a count or 'yes'. */
export const equipmentPresent = (shown: string | undefined): boolean => shown !== undefined && shown !== 'no';
