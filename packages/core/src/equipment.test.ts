import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  attachDevices,
  deviceKindOf,
  equipmentFacts,
  equipmentFromTags,
  equipmentStatus,
  mergeEquipment,
  passesEquipmentFilter,
  pointInPolygon,
  shownEquipment,
  type Ring,
} from './equipment.ts';
import { EQUIPMENT_KINDS, normalizeEquipmentKinds } from './equipment-kinds.ts';

const at = new Date('2026-05-01T10:00:00Z');
const square: Ring = [
  [10, 53],
  [10.001, 53],
  [10.001, 53.001],
  [10, 53.001],
  [10, 53],
];

describe('equipmentFromTags', () => {
  it.each([
    [{ 'playground:swing': 'yes' }, { swing: 'yes' }],
    [{ 'playground:swing': '3' }, { swing: 3 }],
    [{ 'playground:slide': 'no' }, { slide: 'no' }],
    [
      { 'playground:climbingframe': 'yes', 'playground:structure': 'yes' },
      { climbing_frame: 'yes', play_structure: 'yes' },
    ],
    [{ 'playground:water': 'yes', 'playground:pump': '2' }, { water_play: 2 }],
    [{ 'playground:zipwire': 'maybe' }, {}],
    [{ 'playground:theme': 'adventure' }, {}],
    [{ 'playground:swing': '12345' }, { swing: 'yes' }],
    // What the facts baby_swing, water_play and sand read before issue 49 is the kinds' now.
    [{ baby_swing: 'yes' }, { baby_swing: 'yes' }],
    [{ 'playground:swing:baby': 'yes' }, { baby_swing: 'yes' }],
    [{ 'playground:splash_pad': 'yes' }, { water_play: 'yes' }],
    [{ 'playground:sand': 'yes' }, { sandpit: 'yes' }],
    [{ surface: 'sand' }, { sandpit: 'yes' }],
    [{ surface: 'sand', 'playground:sandpit': 'no' }, { sandpit: 'no' }],
  ])('%j → %j', (tags, expected) => {
    expect(equipmentFromTags(tags)).toEqual(expected);
  });
});

describe('deviceKindOf', () => {
  it.each([
    [{ playground: 'swing' }, 'swing'],
    [{ playground: 'swing', baby: 'yes' }, 'baby_swing'],
    [{ playground: 'swing', wheelchair: 'yes' }, 'accessible_swing'],
    [{ playground: 'springy' }, 'springy'],
    [{ playground: 'splash_pad' }, 'water_play'],
    [{ leisure: 'playground' }, null],
    [{ playground: 'bench' }, null],
  ])('%j → %s', (tags, kind) => {
    expect(deviceKindOf(tags)).toBe(kind);
  });
});

describe('attachDevices', () => {
  const area = { id: 'way/1', shape: { kind: 'area' as const, polygons: [[square]] } };
  const node = { id: 'node/2', shape: { kind: 'point' as const, at: { lat: 53.01, lng: 10.01 } } };
  it('counts a device inside an outline there, one near a node within 30 m there, others nowhere', () => {
    const result = attachDevices(
      [area, node],
      [
        { id: 'd1', kind: 'swing', at: { lat: 53.0005, lng: 10.0005 } },
        { id: 'd2', kind: 'swing', at: { lat: 53.0004, lng: 10.0002 } },
        // 20 m north of the node.
        { id: 'd3', kind: 'slide', at: { lat: 53.01018, lng: 10.01 } },
        // 40 m north: too far.
        { id: 'd4', kind: 'slide', at: { lat: 53.01036, lng: 10.01 } },
      ],
    );
    expect(result.byPlayground.get('way/1')).toEqual({ swing: 2 });
    expect(result.byPlayground.get('node/2')).toEqual({ slide: 1 });
    expect([...result.devices].sort()).toEqual(['d1', 'd2', 'd3']);
  });
  it('is in a polygon exactly as in its outer ring and outside its holes', () => {
    const hole: Ring = [
      [10.0004, 53.0004],
      [10.0006, 53.0004],
      [10.0006, 53.0006],
      [10.0004, 53.0006],
    ];
    expect(pointInPolygon({ lat: 53.0005, lng: 10.0005 }, [square])).toBe(true);
    expect(pointInPolygon({ lat: 53.0005, lng: 10.0005 }, [square, hole])).toBe(false);
    expect(pointInPolygon({ lat: 53.002, lng: 10.0005 }, [square])).toBe(false);
  });
});

describe('mergeEquipment', () => {
  it.each([
    [{ swing: 'yes' }, { swing: 2 }, { swing: 2 }],
    [{ swing: 4 }, { swing: 2 }, { swing: 4 }],
    [{ slide: 'no' }, { slide: 1 }, { slide: 1 }],
    [{}, { springy: 2 }, { springy: 2 }],
  ] as const)('%j + %j → %j', (tags, devices, expected) => {
    expect(mergeEquipment(tags, devices)).toEqual(expected);
  });
});

describe('equipmentStatus', () => {
  it.each([
    [[], null, null],
    [[], '3', { present: true, count: 3, confirmedBy: 0 }],
    [[], 'no', { present: false, count: null }],
    [[{ value: 'yes', at }], '2', { present: true, count: 2, confirmedBy: 1 }],
    [[{ value: 'no', at }], '2', { present: false, count: null, disputed: true }],
    [
      [
        { value: 'yes', at },
        { value: 'yes', at },
        { value: 'yes', at },
      ],
      null,
      { present: true, confirmedBy: 3 },
    ],
  ] as const)('answers %j, imported %s', (answers, imported, expected) => {
    const status = equipmentStatus(answers, imported);
    if (expected === null) expect(status).toBeNull();
    else expect(status).toMatchObject(expected);
  });

  it('the filter keeps a place exactly when every asked kind is shown as there (property)', () => {
    const kind = fc.constantFrom(...EQUIPMENT_KINDS);
    fc.assert(
      fc.property(
        fc.dictionary(kind, fc.constantFrom('yes', 'no', '1', '3')),
        fc.array(fc.record({ key: kind, value: fc.constantFrom('yes', 'no') }), { maxLength: 8 }),
        fc.array(kind, { maxLength: 4 }),
        (imported, answers, asked) => {
          const facts = equipmentFacts(
            Object.fromEntries(
              Object.entries(imported).map(([k, v]) => [k, v === 'yes' || v === 'no' ? v : Number(v)]),
            ),
          );
          const shown = shownEquipment(
            facts,
            answers.map((answer) => ({ key: `equipment:${answer.key}`, value: answer.value, at })),
          );
          const wanted = normalizeEquipmentKinds(asked);
          const expected = wanted.every((k) => {
            const status = equipmentStatus(
              answers.filter((a) => a.key === k).map((a) => ({ value: a.value, at })),
              facts[`equipment:${k}`] ?? null,
            );
            return status?.present === true;
          });
          expect(passesEquipmentFilter(wanted, shown)).toBe(expected);
        },
      ),
    );
  });
});
