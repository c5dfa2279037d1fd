import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { APP_LANGUAGES } from './constants.ts';
import { placeNameIn } from './place-names.ts';

describe('placeNameIn (issue 46)', () => {
  const lubeck = { name: 'Spielplatz am Meer', names: { en: 'Seaside Playground', ar: 'ملعب شاطئ البحر' } };

  it.each([
    ['en', { name: 'Seaside Playground', localName: 'Spielplatz am Meer' }],
    ['en-GB', { name: 'Seaside Playground', localName: 'Spielplatz am Meer' }],
    ['ar', { name: 'ملعب شاطئ البحر', localName: 'Spielplatz am Meer' }],
    ['de', { name: 'Spielplatz am Meer', localName: null }],
    ['fr', { name: 'Spielplatz am Meer', localName: null }],
    ['xx', { name: 'Spielplatz am Meer', localName: null }],
  ])('%s → %j', (language, shown) => {
    expect(placeNameIn(lubeck, language)).toEqual(shown);
  });

  it('is the local name alone without names, or when the names say the same', () => {
    expect(placeNameIn({ name: 'Heidebrink' }, 'en')).toEqual({ name: 'Heidebrink', localName: null });
    expect(placeNameIn({ name: 'Heidebrink', names: { en: 'Heidebrink' } }, 'en')).toEqual({
      name: 'Heidebrink',
      localName: null,
    });
  });

  it('always shows the local name, first or beside, and never the same name twice', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.dictionary(fc.constantFrom(...APP_LANGUAGES), fc.string({ minLength: 1 })),
        fc.constantFrom(...APP_LANGUAGES, 'en-US', 'pt-BR'),
        (name, names, language) => {
          const shown = placeNameIn({ name, names }, language);
          expect([shown.name, shown.localName]).toContain(name);
          expect(shown.localName).not.toBe(shown.name);
        },
      ),
    );
  });
});
