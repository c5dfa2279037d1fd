import { describe, expect, it } from 'vitest';
import { EQUIPMENT_KINDS } from './equipment-kinds.ts';
import { FACT_FILTERS, factFilterHolds } from './fact-filters.ts';
import { FACT_KEYS } from './facts.ts';
import { answerFromText, answerKeyOf, MERGED_FACTS, placeVocabulary } from './place-vocabulary.ts';
import { FACT_TAGS } from './tag-facts.ts';

describe('one vocabulary for what a place has (issue 49)', () => {
  it('lists every fact and kind once, with the page section and the filters that show it', () => {
    expect(placeVocabulary().map((entry) => [entry.key, entry.section, entry.filters])).toEqual([
      ['toilets', 'facts', ['has=toilets']],
      ['changing_table', 'facts', ['has=changing_table']],
      ['fenced', 'facts', ['has=fenced']],
      ['shade', 'facts', ['has=shade']],
      ['surface', 'facts', []],
      ['wheelchair', 'facts', ['has=wheelchair']],
      ['lit', 'facts', []],
      ['drinking_water', 'facts', []],
      ['parking', 'facts', []],
      ['opening_hours', 'facts', []],
      ['access', 'facts', []],
      ['fee', 'facts', []],
      ['dogs', 'facts', []],
      ['min_age', 'facts', []],
      ['max_age', 'facts', []],
      ['operator', 'facts', []],
      ['equipment:swing', 'equipment', ['equipment=swing']],
      // The Baby swing chip (has=baby_swing) and the equipment filter read one answer.
      ['equipment:baby_swing', 'equipment', ['has=baby_swing', 'equipment=baby_swing']],
      ['equipment:accessible_swing', 'equipment', ['equipment=accessible_swing']],
      ['equipment:basket_swing', 'equipment', ['equipment=basket_swing']],
      ['equipment:slide', 'equipment', ['equipment=slide']],
      ['equipment:sandpit', 'equipment', ['equipment=sandpit']],
      ['equipment:climbing_frame', 'equipment', ['equipment=climbing_frame']],
      ['equipment:play_structure', 'equipment', ['equipment=play_structure']],
      ['equipment:seesaw', 'equipment', ['equipment=seesaw']],
      ['equipment:springy', 'equipment', ['equipment=springy']],
      ['equipment:roundabout', 'equipment', ['equipment=roundabout']],
      ['equipment:zipline', 'equipment', ['equipment=zipline']],
      ['equipment:water_play', 'equipment', ['equipment=water_play']],
      ['equipment:playhouse', 'equipment', ['equipment=playhouse']],
      ['equipment:trampoline', 'equipment', ['equipment=trampoline']],
      ['equipment:balance_beam', 'equipment', ['equipment=balance_beam']],
      ['equipment:horizontal_bar', 'equipment', ['equipment=horizontal_bar']],
    ]);
  });

  it('no thing is both a fact and a kind of equipment, under its name or an old one', () => {
    const facts = new Set<string>(FACT_KEYS);
    for (const kind of EQUIPMENT_KINDS) expect(facts.has(kind), kind).toBe(false);
    for (const merged of Object.keys(MERGED_FACTS)) expect(facts.has(merged), merged).toBe(false);
    // Every fact filter is shown in exactly one section.
    const filtered = placeVocabulary().flatMap((entry) => entry.filters.filter((f) => f.startsWith('has=')));
    expect(filtered.sort()).toEqual(FACT_FILTERS.map((filter) => `has=${filter}`).sort());
  });

  it('one answer feeds both filters: the Baby swing chip holds where the equipment is there', () => {
    for (const [shown, holds] of [
      ['yes', true],
      ['3', true],
      ['no', false],
    ] as const)
      expect(
        factFilterHolds('baby_swing', { facts: { 'equipment:baby_swing': shown }, toiletsNearby: false }),
      ).toBe(holds);
  });

  it.each([
    ['fenced', 'fenced'],
    ['slide', 'equipment:slide'],
    ['equipment:slide', 'equipment:slide'],
    ['baby_swing', 'equipment:baby_swing'],
    ['water_play', 'equipment:water_play'],
    ['sand', 'equipment:sandpit'],
    ['sandpit', 'equipment:sandpit'],
    ['equipment:sand', null],
    ['constructor', null],
    ['swings', null],
  ])('answerKeyOf(%s) → %s', (name, key) => {
    expect(answerKeyOf(name)).toBe(key);
  });

  it('a feed field reads as a fact or an equipment answer', () => {
    expect(answerFromText('equipment:baby_swing', 'Y')).toBe('yes');
    expect(answerFromText('equipment:baby_swing', 'maybe')).toBeNull();
    expect(answerFromText('wheelchair', 'Limited')).toBe('limited');
  });

  it('tags that name a kind of equipment are its answer', () => {
    for (const [tag, fact] of Object.entries(FACT_TAGS))
      expect(answerKeyOf(fact.key.replace(/^equipment:/u, '')), tag).toBe(fact.key);
  });
});
