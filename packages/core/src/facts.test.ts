import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { factsFromOsm, factStatus, isFactValue, shownFacts, type FactAnswer, type FactKey } from './facts.ts';

const at = (day: number) => new Date(Date.UTC(2026, 10, day));

describe('factsFromOsm', () => {
  it.each([
    [{ wheelchair: 'yes' }, { wheelchair: 'yes' }],
    [{ wheelchair: 'designated' }, { wheelchair: 'yes' }],
    [{ wheelchair: 'limited' }, { wheelchair: 'limited' }],
    [{ wheelchair: 'no' }, { wheelchair: 'no' }],
    [{ surface: 'woodchips' }, { surface: 'bark' }],
    [{ surface: 'sand' }, { surface: 'sand' }],
    [{ surface: 'rubbercrumb' }, { surface: 'rubber' }],
    [{ surface: 'unknown_stuff' }, {}],
    [{ opening_hours: 'Mo-Su 08:00-20:00' }, { opening_hours: 'Mo-Su 08:00-20:00' }],
    [{ operator: ' Hansestadt  Lübeck ' }, { operator: 'Hansestadt Lübeck' }],
    [{ operator: '   ' }, {}],
    [{ max_age: '12' }, { max_age: '12' }],
    [{ min_age: '3', max_age: 'twelve' }, { min_age: '3' }],
    [{ barrier: 'fence' }, { fenced: 'yes' }],
    [{ fenced: 'no' }, { fenced: 'no' }],
    [{ covered: 'yes' }, { shade: 'yes' }],
    // Play equipment is not a fact (issue 49): equipmentFromTags reads these.
    [{ 'playground:baby_swing': 'yes' }, {}],
    [{ 'playground:splash_pad': 'yes' }, {}],
    [
      { toilets: 'yes', changing_table: 'no' },
      { toilets: 'yes', changing_table: 'no' },
    ],
    [
      { access: 'customers', fee: 'yes' },
      { access: 'customers', fee: 'yes' },
    ],
    [{ access: 'permissive' }, { access: 'public' }],
    [{ dog: 'leashed' }, { dogs: 'leashed' }],
    [{ lit: 'maybe' }, {}],
    [{ leisure: 'playground', name: 'Spielplatz' }, {}],
  ])('%o → %o', (tags, facts) => {
    expect(factsFromOsm(tags)).toEqual(facts);
  });

  it('gives only values each fact takes, whatever the tags', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom(
            'wheelchair',
            'surface',
            'fenced',
            'barrier',
            'lit',
            'access',
            'dog',
            'fee',
            'min_age',
            'max_age',
            'toilets',
            'opening_hours',
            'operator',
          ),
          fc.oneof(
            fc.constantFrom('yes', 'no', 'limited', 'sand', 'fence', 'customers', '5', 'leashed'),
            fc.string(),
          ),
        ),
        (tags) =>
          Object.entries(factsFromOsm(tags)).every(([key, value]) => isFactValue(key as FactKey, value)),
      ),
    );
  });
});

describe('factStatus', () => {
  const answers = (...values: [string, number][]): FactAnswer[] =>
    values.map(([value, day]) => ({ value, at: at(day) }));

  it.each([
    ['nothing known', [], null, null],
    [
      'an import alone',
      [],
      'yes',
      { value: 'yes', confirmedBy: 0, contradictedBy: 0, lastConfirmedAt: null, disputed: false },
    ],
    [
      'parents confirm an import',
      answers(['yes', 1], ['yes', 3]),
      'yes',
      { value: 'yes', confirmedBy: 2, contradictedBy: 0, lastConfirmedAt: at(3), disputed: false },
    ],
    [
      'one parent contradicts an import',
      answers(['no', 2]),
      'yes',
      { value: 'no', confirmedBy: 1, contradictedBy: 0, lastConfirmedAt: at(2), disputed: true },
    ],
    [
      'three against one',
      answers(['no', 1], ['no', 2], ['no', 3], ['yes', 4]),
      null,
      { value: 'no', confirmedBy: 3, contradictedBy: 1, lastConfirmedAt: at(3), disputed: false },
    ],
    [
      'two against one',
      answers(['no', 1], ['no', 2], ['yes', 4]),
      null,
      { value: 'no', confirmedBy: 2, contradictedBy: 1, lastConfirmedAt: at(2), disputed: true },
    ],
    [
      'a tie goes to the newest',
      answers(['no', 1], ['yes', 5]),
      null,
      { value: 'yes', confirmedBy: 1, contradictedBy: 1, lastConfirmedAt: at(5), disputed: true },
    ],
  ])('%s', (_label, given, imported, expected) => {
    expect(factStatus(given, imported)).toEqual(expected);
  });

  it('shows a value someone gave, counts at most everyone, and is disputed only when someone disagrees', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ value: fc.constantFrom('yes', 'no'), at: fc.integer({ min: 1, max: 28 }).map(at) }),
        ),
        fc.option(fc.constantFrom('yes', 'no'), { nil: null }),
        (given, imported) => {
          const status = factStatus(given, imported);
          if (given.length === 0 && imported === null) return status === null;
          if (status === null) return false;
          const values = new Set<string>([
            ...given.map((answer) => answer.value),
            ...(imported === null ? [] : [imported]),
          ]);
          return (
            values.has(status.value) &&
            status.confirmedBy + status.contradictedBy === given.length &&
            (values.size > 1 || !status.disputed)
          );
        },
      ),
    );
  });
});

describe('shownFacts', () => {
  it('shows parents over an import, imports where nobody answered, and ignores unknown keys', () => {
    expect(
      shownFacts({ fenced: 'yes', wheelchair: 'limited', pool: 'yes' }, [
        { key: 'fenced', value: 'no', at: at(1) },
        { key: 'fenced', value: 'no', at: at(2) },
        { key: 'shade', value: 'yes', at: at(3) },
      ]),
    ).toEqual({ fenced: 'no', wheelchair: 'limited', shade: 'yes' });
  });

  it('agrees with factStatus for every fact', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            key: fc.constantFrom<FactKey>('fenced', 'shade'),
            value: fc.constantFrom('yes', 'no'),
            at: fc.integer({ min: 1, max: 28 }).map(at),
          }),
        ),
        fc.record({ fenced: fc.constantFrom('yes', 'no') }, { requiredKeys: [] }),
        (answers, stated) => {
          const imported: Readonly<Record<string, string>> = stated;
          const shown = shownFacts(imported, answers);
          return (['fenced', 'shade'] as const).every(
            (key) =>
              shown[key] ===
              factStatus(
                answers.filter((answer) => answer.key === key),
                imported[key] ?? null,
              )?.value,
          );
        },
      ),
    );
  });
});
