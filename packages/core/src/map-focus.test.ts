import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP_CENTER } from './constants.ts';
import {
  chooseMapFocus,
  focusIsThePerson,
  isFixedFocus,
  MAP_DEFAULT_ZOOM,
  MAP_FOCUS_ZOOM,
  MAP_TOWN_ZOOM,
  readsWaitForPosition,
  type MapFocus,
  type MapFocusInput,
  type MapFocusSource,
} from './map-focus.ts';

const LINK = { lat: 52.52, lng: 13.405 };
const DEVICE = { lat: 53.8655, lng: 10.6866, source: 'device' } as const;
const MANUAL = { lat: 53.87, lng: 10.69, source: 'manual' } as const;
const AUCKLAND_VIEW = { center: { lat: -36.85, lng: 174.76 }, zoom: 13 };
const LEFT_AT = { center: { lat: 48.14, lng: 11.58 }, zoom: 11 };
const MUNICH = { lat: 48.13743, lng: 11.57549 };

const none: MapFocusInput = { link: null, position: null, rememberedView: null };

describe('chooseMapFocus', () => {
  it.each<[string, MapFocusInput, MapFocus]>([
    [
      'nothing known: the default city',
      none,
      { center: DEFAULT_MAP_CENTER, zoom: MAP_DEFAULT_ZOOM, source: 'default' },
    ],
    [
      'only a remembered view: where the map was left',
      { ...none, rememberedView: LEFT_AT },
      { ...LEFT_AT, source: 'remembered-view' },
    ],
    [
      'a device reading',
      { ...none, position: DEVICE },
      { center: { lat: DEVICE.lat, lng: DEVICE.lng }, zoom: MAP_FOCUS_ZOOM, source: 'device' },
    ],
    [
      // The bug: the first view of the default city was remembered, then the position came.
      'a device reading beats a remembered view of the default city',
      { ...none, position: DEVICE, rememberedView: AUCKLAND_VIEW },
      { center: { lat: DEVICE.lat, lng: DEVICE.lng }, zoom: MAP_FOCUS_ZOOM, source: 'device' },
    ],
    [
      'a spot set by hand beats where the map was left',
      { ...none, position: MANUAL, rememberedView: LEFT_AT },
      { center: { lat: MANUAL.lat, lng: MANUAL.lng }, zoom: MAP_FOCUS_ZOOM, source: 'manual' },
    ],
    [
      // Issue 45: the list measured from Karlsruhe after the parent chose München.
      'a town chosen beats the person and the remembered view',
      { ...none, town: MUNICH, position: DEVICE, rememberedView: LEFT_AT },
      { center: MUNICH, zoom: MAP_TOWN_ZOOM, source: 'town' },
    ],
    [
      'a town chosen when nothing else is known',
      { ...none, town: MUNICH },
      { center: MUNICH, zoom: MAP_TOWN_ZOOM, source: 'town' },
    ],
    [
      'a link beats a town, the person and the remembered view',
      { link: LINK, town: MUNICH, position: DEVICE, rememberedView: LEFT_AT },
      { center: LINK, zoom: MAP_FOCUS_ZOOM, source: 'link' },
    ],
    [
      'a link beats the person and the remembered view',
      { link: LINK, position: DEVICE, rememberedView: LEFT_AT },
      { center: LINK, zoom: MAP_FOCUS_ZOOM, source: 'link' },
    ],
  ])('%s', (_, input, focus) => {
    expect(chooseMapFocus(input)).toEqual(focus);
  });

  it('copies the points it is given (callers may hold richer objects)', () => {
    const focus = chooseMapFocus({ ...none, position: { ...DEVICE } });
    expect(Object.keys(focus.center)).toEqual(['lat', 'lng']);
  });
});

describe('isFixedFocus and focusIsThePerson', () => {
  it.each<[MapFocusSource, boolean, boolean]>([
    ['link', true, false],
    ['town', true, false],
    ['device', true, true],
    ['manual', true, true],
    ['remembered-view', false, false],
    ['default', false, false],
  ])('%s: fixed %s, the person %s', (source, fixed, person) => {
    expect(isFixedFocus(source)).toBe(fixed);
    expect(focusIsThePerson(source)).toBe(person);
  });
});

describe('readsWaitForPosition', () => {
  const settled = { termsAccepted: true, checked: true, locating: false, asking: false };
  it.each([
    ['a link centre never waits', 'link', { ...settled, termsAccepted: false, checked: false }, false],
    ['a town chosen never waits', 'town', { ...settled, locating: true }, false],
    ['a device position never waits', 'device', { ...settled, locating: true }, false],
    ['a position set by hand never waits', 'manual', { ...settled, asking: true }, false],
    ['the default centre waits behind the terms', 'default', { ...settled, termsAccepted: false }, true],
    ['the default centre waits until the check has run', 'default', { ...settled, checked: false }, true],
    ['the default centre waits while locating', 'default', { ...settled, locating: true }, true],
    ['the default centre waits while the dialog asks', 'default', { ...settled, asking: true }, true],
    ['the default centre is read once nothing more can come', 'default', settled, false],
    ['a remembered view waits while locating', 'remembered-view', { ...settled, locating: true }, true],
    ['a remembered view is read once settled', 'remembered-view', settled, false],
  ] as const)('%s', (_name, source, search, waits) => {
    expect(readsWaitForPosition(source, search)).toBe(waits);
  });

  it('only ever waits for a centre that is not fixed', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<MapFocusSource>('link', 'town', 'device', 'manual', 'remembered-view', 'default'),
        fc.record({
          termsAccepted: fc.boolean(),
          checked: fc.boolean(),
          locating: fc.boolean(),
          asking: fc.boolean(),
        }),
        (source, search) => !readsWaitForPosition(source, search) || !isFixedFocus(source),
      ),
    );
  });
});
