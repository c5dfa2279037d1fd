import { describe, expect, it } from 'vitest';
import { QueryParams } from './prepared-queries.ts';

function nameOf(prefix: string, shape: string[]): string {
  const params = new QueryParams();
  for (const part of shape) params.mark(part);
  return params.statementName(prefix);
}

describe('QueryParams.statementName', () => {
  it('keeps short names readable', () => {
    expect(nameOf('locations_near', ['lng', 'lat'])).toBe('locations_near_lng_lat');
  });

  it('keeps long names within the 63 bytes PostgreSQL stores, and distinct', () => {
    const long = ['ageRange', 'indoor', 'free', 'since', 'popular', 'limit', 'offset', 'lng', 'lat'];
    const withRadius = nameOf('locations_near', [...long, 'radiusMeters']);
    const withoutRadius = nameOf('locations_near', long);
    // Cut to 63 bytes, these two shapes used to share one name on the server.
    expect(withRadius.length).toBeLessThanOrEqual(63);
    expect(withoutRadius.length).toBeLessThanOrEqual(63);
    expect(withRadius).not.toBe(withoutRadius);
    expect(withRadius.startsWith('locations_near_')).toBe(true);
  });
});
