/**
 * Marker art for Leaflet (divIcons are HTML strings, so the glyphs are lucide's paths
 * inlined). Indoor and outdoor places differ by shape AND glyph, never by colour alone
 * (DESIGN.md): outdoor is a round pin with a pine tree, indoor a square tile with a house,
 * unknown a round pin with a dot. Each carries a screen-reader name, since Leaflet makes
 * marker icons focusable buttons.
 */
import type { ConditionKind } from '@playspot/core';
import { divIcon, type DivIcon } from 'leaflet';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { MARKER_FOOTPRINT } from './marker-footprint.ts';
import type { PlaceKind } from './place-kind.ts';

export { placeKind, type PlaceKind } from './place-kind.ts';

const GLYPHS: Record<PlaceKind, string> = {
  outdoor:
    '<path d="m17 14 3 3.3a1 1 0 0 1-.7 1.7H4.7a1 1 0 0 1-.7-1.7L7 14h-.3a1 1 0 0 1-.7-1.7L9 9h-.2A1 1 0 0 1 8 7.3L12 3l4 4.3a1 1 0 0 1-.8 1.7H15l3 3.3a1 1 0 0 1-.7 1.7H17Z"/><path d="M12 22v-3"/>',
  indoor:
    '<path d="M15 21v-8a1 1 0 0 0-1-1h-4a1 1 0 0 0-1 1v8"/><path d="M3 10a2 2 0 0 1 .709-1.528l7-6a2 2 0 0 1 2.582 0l7 6A2 2 0 0 1 21 10v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z"/>',
  unknown: '<circle cx="12" cy="12" r="4" fill="white"/>',
};

/** Round pin (outdoor, unknown) or square tile with a pointer (indoor), 36 × 44. */
const SHAPES: Record<PlaceKind, string> = {
  outdoor: '<path d="M18 42.5C18 42.5 3 27.5 3 17a15 15 0 1 1 30 0c0 10.5-15 25.5-15 25.5Z"/>',
  unknown: '<path d="M18 42.5C18 42.5 3 27.5 3 17a15 15 0 1 1 30 0c0 10.5-15 25.5-15 25.5Z"/>',
  indoor:
    '<path d="M10 2h16a8 8 0 0 1 8 8v16a8 8 0 0 1-8 8h-3.5L18 42.5 13.5 34H10a8 8 0 0 1-8-8V10a8 8 0 0 1 8-8Z"/>',
};

const COLOURS: Record<PlaceKind, string> = {
  outdoor: '#15803d',
  indoor: '#6d28d9',
  unknown: '#57534e',
};

/** Conditions a parent should know before going (the others are good news). */
const WARNING_CONDITIONS: ReadonlySet<ConditionKind> = new Set([
  'busy',
  'wet',
  'icy',
  'too_hot',
  'closed',
  'broken',
]);

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/gu, (char) => `&#${char.charCodeAt(0)};`);
}

export function placeMarkerIcon(options: {
  readonly name: string;
  readonly kind: PlaceKind;
  readonly free: boolean | null;
  readonly selected: boolean;
  /** Live conditions reported there now: a badge on the pin, amber when they warn. */
  readonly live?: readonly ConditionKind[] | undefined;
}): DivIcon {
  const { name, kind, free, selected, live = [] } = options;
  const label = [
    name,
    i18n.t(`map:marker.${kind}`),
    free === true ? i18n.t('map:marker.free') : null,
    live.length > 0 ? i18n.t('map:marker.live') : null,
  ]
    .filter(Boolean)
    .join(', ');
  const warns = live.some((condition) => WARNING_CONDITIONS.has(condition));
  const badge =
    live.length === 0
      ? ''
      : `<circle cx="29" cy="7" r="6.5" fill="${warns ? '#d97706' : '#16a34a'}" stroke="white" stroke-width="2"/>`;
  const glyphY = kind === 'indoor' ? 7 : 6;
  const html = `<svg class="playspot-marker__art" viewBox="0 0 36 44" width="36" height="44" aria-hidden="true">
<g fill="${COLOURS[kind]}" stroke="white" stroke-width="2.5" stroke-linejoin="round">${SHAPES[kind]}</g>
<svg x="7" y="${glyphY}" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="white" stroke-width="2.25" stroke-linecap="round" stroke-linejoin="round">${GLYPHS[kind]}</svg>${badge}
</svg><span class="sr-only">${escapeHtml(label)}</span>`;
  return divIcon({
    html,
    className: `playspot-marker playspot-marker--${kind}${selected ? ' playspot-marker--selected' : ''}`,
    iconSize: [MARKER_FOOTPRINT.pin.width, MARKER_FOOTPRINT.pin.height],
    iconAnchor: [MARKER_FOOTPRINT.pin.width / 2, MARKER_FOOTPRINT.pin.above],
  });
}

export function clusterIcon(count: number): DivIcon {
  const size = MARKER_FOOTPRINT.bubble(count);
  const shown = count > 999 ? '999+' : String(count);
  return divIcon({
    html: `<span aria-hidden="true">${shown}</span><span class="sr-only">${count} play spots here, zoom in</span>`,
    className: 'playspot-cluster',
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}
