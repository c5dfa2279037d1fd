/**
 * Where /MapView looks (issue 28, part 4): one answer for the map's centre and for the point
 * the list measures its distances from, so the two can never disagree however the parent
 * arrived (Explore, Learn more and About, a shared place, a reload, the native shell).
 *
 * Most direct first: a centre given by a link, then a town chosen in the search (issue 45:
 * the list measures from it, not from the person), then the person (a spot set by hand or a
 * device reading, old or new), then where the map was left on this device, then the
 * default city (spec §2). A remembered view never beats the person: it may have been saved
 * before their position was known (the map's first view of the default city), and then the
 * map showed one city while the list measured from another.
 */
import { DEFAULT_MAP_CENTER } from './constants.ts';
import type { LatLng } from './geo.ts';
import type { PositionSource } from './position.ts';

/** Close enough to see the playgrounds around the block: opening at, or flying to, a spot. */
export const MAP_FOCUS_ZOOM = 15;
/** A few suburbs around the default city, when nothing better is known. */
export const MAP_DEFAULT_ZOOM = 13;
/** A town chosen in the search: its streets and playgrounds. */
export const MAP_TOWN_ZOOM = 13;

export type MapFocusSource = 'link' | 'town' | PositionSource | 'remembered-view' | 'default';

export interface MapFocus {
  readonly center: LatLng;
  readonly zoom: number;
  readonly source: MapFocusSource;
}

export interface MapFocusInput {
  /** The centre a link gives (/MapView?lat=…&lng=…), or null. */
  readonly link: LatLng | null;
  /** The town chosen in the search box, or null. */
  readonly town?: LatLng | null;
  /** The person's position as the app holds it now (none once the device said no). */
  readonly position: (LatLng & { readonly source: PositionSource }) | null;
  /** The map's last view on this device, or null. */
  readonly rememberedView: { readonly center: LatLng; readonly zoom: number } | null;
}

export function chooseMapFocus({ link, town = null, position, rememberedView }: MapFocusInput): MapFocus {
  if (link) return { center: { lat: link.lat, lng: link.lng }, zoom: MAP_FOCUS_ZOOM, source: 'link' };
  if (town) return { center: { lat: town.lat, lng: town.lng }, zoom: MAP_TOWN_ZOOM, source: 'town' };
  if (position)
    return {
      center: { lat: position.lat, lng: position.lng },
      zoom: MAP_FOCUS_ZOOM,
      source: position.source,
    };
  if (rememberedView) return { ...rememberedView, source: 'remembered-view' };
  return { center: { ...DEFAULT_MAP_CENTER }, zoom: MAP_DEFAULT_ZOOM, source: 'default' };
}

/**
 * Whether the focus is a fixed point: the list measures from it, wherever the person moves
 * the map. A remembered view or the default city only says where the map opens (or goes back
 * to once the person's position is dropped); from there the list follows the map's centre.
 */
export function isFixedFocus(source: MapFocusSource): boolean {
  return source === 'link' || source === 'town' || source === 'device' || source === 'manual';
}

/** Whether distances are from the person ('you') or from the map's middle. */
export function focusIsThePerson(source: MapFocusSource): boolean {
  return source === 'device' || source === 'manual';
}

/** Where the search for the person's position stands, as far as the map's first reads care. */
export interface PositionSearch {
  /** The terms are accepted (the position is asked only afterwards). */
  readonly termsAccepted: boolean;
  /** The device was asked whether it may tell the position (the check has run). */
  readonly checked: boolean;
  /** The position is being read now. */
  readonly locating: boolean;
  /** The app's "may we use your location?" dialog is open. */
  readonly asking: boolean;
}

/**
 * Whether the map's list and markers wait instead of asking for the map's centre (issue 42):
 * while the person's position may still come, the centre is a placeholder (the remembered
 * view or the default city) that the map leaves as soon as it comes, and a read for it would
 * be thrown away. A link's centre or a known position never waits.
 */
export function readsWaitForPosition(source: MapFocusSource, search: PositionSearch): boolean {
  if (isFixedFocus(source)) return false;
  return !search.termsAccepted || !search.checked || search.locating || search.asking;
}
