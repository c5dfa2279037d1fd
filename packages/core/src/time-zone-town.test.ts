import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { timeZoneTown } from './time-zone-town.ts';

describe('timeZoneTown', () => {
  it.each<[string, string | null]>([
    ['Europe/Berlin', 'Berlin'],
    ['Europe/Zurich', 'Zurich'],
    ['America/New_York', 'New York'],
    ['America/Argentina/Buenos_Aires', 'Buenos Aires'],
    ['America/Indiana/Indianapolis', 'Indianapolis'],
    ['Asia/Tokyo', 'Tokyo'],
    ['Asia/Calcutta', 'Calcutta'],
    ['Pacific/Auckland', 'Auckland'],
    ['America/Port-au-Prince', 'Port-au-Prince'],
    ['America/St_Johns', 'St Johns'],
    [' Europe/Vienna ', 'Vienna'],
    ['UTC', null],
    ['GMT', null],
    ['Etc/UTC', null],
    ['Etc/GMT+1', null],
    ['US/Pacific', null],
    ['Canada/Eastern', null],
    ['Antarctica/McMurdo', null],
    ['EST5EDT', null],
    ['', null],
    ['Europe/', null],
  ])('%s → %s', (zone, town) => {
    expect(timeZoneTown(zone)).toBe(town);
  });

  it('answers with a name of letters and spaces only, never a path or digits', () => {
    fc.assert(
      fc.property(fc.string(), (zone) => {
        const town = timeZoneTown(zone);
        if (town !== null) expect(town).toMatch(/^\p{L}[\p{L}\p{M} '.-]*$/u);
      }),
    );
  });

  it('answers for every zone this runtime knows, or says there is no town', () => {
    for (const zone of Intl.supportedValuesOf('timeZone')) {
      const town = timeZoneTown(zone);
      expect(town === null || !town.includes('/')).toBe(true);
    }
  });
});
