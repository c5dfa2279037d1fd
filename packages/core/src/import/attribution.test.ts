import { describe, expect, it } from 'vitest';
import { attributionFor, DEMO_ATTRIBUTION, OSM_ATTRIBUTION } from './attribution.ts';

describe('attributionFor', () => {
  it.each<[string, string | null, string | null, string | null]>([
    ['a place someone added', null, null, null],
    ['an empty source', '', 'CC0-1.0', null],
    ['OpenStreetMap', 'osm', 'ODbL-1.0', OSM_ATTRIBUTION],
    ['OpenStreetMap without a stored licence', 'osm', null, '© OpenStreetMap contributors'],
    ['the demo places of a fresh installation', 'demo', null, DEMO_ATTRIBUTION],
    ['another dataset with a licence', 'Stadt Flensburg', 'CC0-1.0', 'Data: Stadt Flensburg (CC0-1.0)'],
    ['another dataset without one', 'city parks', null, 'Data: city parks'],
  ])('%s', (_case, source, licence, expected) => {
    expect(attributionFor(source, licence)).toBe(expected);
  });
});
