import type { DivIcon } from 'leaflet';
import { describe, expect, it } from 'vitest';
import { clusterIcon, placeKind, placeMarkerIcon } from './marker-icons.ts';

/** The icon's HTML: always a string here, as the factories build it from text. */
const htmlOf = (icon: DivIcon): string => (typeof icon.options.html === 'string' ? icon.options.html : '');

describe('marker icons', () => {
  it('tell indoor from outdoor by shape and glyph, with a spoken name', () => {
    const indoor = placeMarkerIcon({ name: 'Story <Corner>', kind: 'indoor', free: true, selected: false });
    const outdoor = placeMarkerIcon({ name: 'Park', kind: 'outdoor', free: null, selected: true });
    expect(indoor.options.className).toContain('playspot-marker--indoor');
    expect(outdoor.options.className).toContain('playspot-marker--outdoor playspot-marker--selected');
    expect(htmlOf(indoor)).toContain('Story &#60;Corner&#62;, indoor, free');
    expect(htmlOf(outdoor)).toContain('<span class="sr-only">Park, outdoor</span>');
    // Different outlines, not just different colours.
    const outline = (icon: DivIcon) => /<g [^>]*>(.*?)<\/g>/u.exec(htmlOf(icon))?.[1];
    expect(outline(indoor)).not.toBe(outline(outdoor));
  });

  it('puts a badge on places with live conditions: amber when one warns, green for good news', () => {
    const wet = placeMarkerIcon({
      name: 'Park',
      kind: 'outdoor',
      free: null,
      selected: false,
      live: ['wet'],
    });
    const van = placeMarkerIcon({
      name: 'Park',
      kind: 'outdoor',
      free: null,
      selected: false,
      live: ['ice_cream_van'],
    });
    const none = placeMarkerIcon({ name: 'Park', kind: 'outdoor', free: null, selected: false });
    expect(htmlOf(wet)).toContain('<circle cx="29" cy="7" r="6.5" fill="#d97706"');
    expect(htmlOf(van)).toContain('fill="#16a34a"');
    expect(htmlOf(wet)).toContain('Park, outdoor, parents report how it is right now');
    expect(htmlOf(none)).not.toContain('<circle cx="29"');
  });

  it('map null to unknown', () => {
    expect(placeKind(null)).toBe('unknown');
    expect(placeKind(true)).toBe('indoor');
    expect(placeKind(false)).toBe('outdoor');
  });

  it('draws clusters as count bubbles that say what tapping does', () => {
    expect(htmlOf(clusterIcon(1234))).toContain('999+');
    expect(htmlOf(clusterIcon(12))).toContain('12 play spots here, zoom in');
  });
});
