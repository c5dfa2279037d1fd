import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { placePageDescription, placePageTitle } from './page-words.ts';

const LUEBECK = { name: 'Lübeck', lat: 53.86893, lng: 10.68729 };
const base = {
  name: 'Spielplatz',
  description: null,
  indoor: false,
  position: { lat: 53.8755, lng: 10.7005 },
  town: LUEBECK,
  features: ['Toilets', 'Slide'],
  siteName: 'PlaySpot',
};

describe('a place page in words', () => {
  it.each([
    [{ name: 'Spielplatz', town: LUEBECK }, 'Spielplatz, Lübeck · PlaySpot'],
    [{ name: 'Lübecker Stadtpark', town: LUEBECK }, 'Lübecker Stadtpark · PlaySpot'],
    [{ name: 'Spielplatz', town: null }, 'Spielplatz · PlaySpot'],
  ])('title %j', (input, title) => {
    expect(placePageTitle({ ...input, siteName: 'PlaySpot' })).toBe(title);
  });

  it('says where in the town, what is there, and clips at 200', () => {
    expect(placePageDescription(base)).toBe(
      'Playground, 1.1 km north-east of the centre of Lübeck (53.8755° N, 10.7005° E). Toilets, Slide. On PlaySpot, the free map of play spots shared by parents.',
    );
    expect(placePageDescription({ ...base, description: 'x'.repeat(400) })).toHaveLength(200);
  });

  it('places of one name in one town are described differently', () => {
    const offset = fc.integer({ min: -3000, max: 3000 }).map((step) => step * 0.0001);
    fc.assert(
      fc.property(offset, offset, offset, offset, (a, b, c, d) => {
        const first = { lat: LUEBECK.lat + a, lng: LUEBECK.lng + b };
        const second = { lat: LUEBECK.lat + c, lng: LUEBECK.lng + d };
        fc.pre(a !== c || b !== d);
        expect(placePageDescription({ ...base, position: first })).not.toBe(
          placePageDescription({ ...base, position: second }),
        );
      }),
    );
  });
});
