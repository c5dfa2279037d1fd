import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { equipmentKindOfFact, isEquipmentAnswer } from './equipment.ts';
import { FACT_KEYS, isFactValue, type FactKey } from './facts.ts';
import type { AnswerKey } from './place-vocabulary.ts';
import { tagsFromOsm } from './import/osm-mapping.ts';
import { FACT_TAGS, factOfTag, oppositeOfTagFact, splitFactTags } from './tag-facts.ts';
import { normalizeTags } from './tag-votes.ts';

describe('factOfTag', () => {
  it.each<[string, AnswerKey | null, string | null]>([
    ['Fenced', 'fenced', 'yes'],
    ['  fenced ', 'fenced', 'yes'],
    ['Toilets', 'toilets', 'yes'],
    ['Shade', 'shade', 'yes'],
    ['Water play', 'equipment:water_play', 'yes'],
    ['Parking', 'parking', 'yes'],
    ['Dog free', 'dogs', 'no'],
    ['wheelchair accessible', 'wheelchair', 'yes'],
    ['partly wheelchair accessible', 'wheelchair', 'limited'],
    ['baby swing', 'equipment:baby_swing', 'yes'],
    ['Sandkasten', 'equipment:sandpit', 'yes'],
    ['Eingezäunt', 'fenced', 'yes'],
    ['soft surface', 'surface', 'rubber'],
    ['Playground', null, null],
    ['Swings', null, null],
    ['Picnic tables', null, null],
    ['Pram friendly', null, null],
    ['constructor', null, null],
  ])('%s', (tag, key, value) => {
    const fact = factOfTag(tag);
    expect(fact?.key ?? null).toBe(key);
    expect(fact?.value ?? null).toBe(value);
  });

  it('states only facts or kinds of equipment of the vocabulary, with values they take', () => {
    for (const fact of Object.values(FACT_TAGS)) {
      const opposite = oppositeOfTagFact(fact);
      const kind = equipmentKindOfFact(fact.key);
      if (kind !== null) {
        expect(isEquipmentAnswer(fact.value)).toBe(true);
        if (opposite !== null) expect(isEquipmentAnswer(opposite)).toBe(true);
        continue;
      }
      const key = fact.key as FactKey;
      expect(FACT_KEYS).toContain(key);
      expect(isFactValue(key, fact.value)).toBe(true);
      if (opposite !== null) expect(isFactValue(key, opposite)).toBe(true);
    }
  });

  it('covers every fact-like tag an import writes, so imports never add one', () => {
    const osm = {
      fenced: 'yes',
      shade: 'yes',
      toilets: 'yes',
      changing_table: 'yes',
      drinking_water: 'yes',
      lit: 'yes',
      wheelchair: 'yes',
      dog: 'no',
      surface: 'sand',
      'playground:sandpit': 'yes',
      'playground:water': 'yes',
      'playground:slide': 'yes',
    };
    expect(tagsFromOsm(osm)).toEqual(['slide']);
  });
});

describe('splitFactTags', () => {
  it('keeps free-form tags as tags and turns the rest into facts, one per fact', () => {
    expect(splitFactTags(['Playground', 'Fenced', ' toilets ', 'fenced in', 'Picnic  tables'])).toEqual({
      tags: ['Playground', 'Picnic tables'],
      facts: [
        { key: 'fenced', value: 'yes' },
        { key: 'toilets', value: 'yes' },
      ],
    });
  });

  it('loses no tag: each is kept or stated as a fact, and none kept states one', () => {
    const tagArbitrary = fc.oneof(
      fc.constantFrom(...Object.keys(FACT_TAGS), 'Playground', 'Swings', 'Slides', 'Picnic tables'),
      fc.string({ minLength: 1, maxLength: 12 }),
    );
    fc.assert(
      fc.property(fc.array(tagArbitrary, { maxLength: 12 }), (raw) => {
        const { tags, facts } = splitFactTags(raw);
        expect(tags.every((tag) => factOfTag(tag) === null)).toBe(true);
        expect(new Set(facts.map((fact) => fact.key)).size).toBe(facts.length);
        for (const tag of normalizeTags(raw).tags) {
          const fact = factOfTag(tag);
          if (fact === null) expect(tags).toContain(tag);
          else expect(facts.map((stated) => stated.key)).toContain(fact.key);
        }
      }),
      { seed: 32 },
    );
  });
});
