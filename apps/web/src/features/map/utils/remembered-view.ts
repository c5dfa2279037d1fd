/**
 * The map's last view on this device (STORAGE_KEYS.lastMapView): a returning parent whose
 * position is unknown opens where they left the map, not on the default city far away (core
 * chooseMapFocus puts the person first).
 */
import { rememberedMapViewFrom, STORAGE_KEYS } from '@playspot/core';
import { readStoredText, writeStoredText } from '../../../platform/storage.ts';
import type { MapView } from '../types.ts';

export function readRememberedMapView(): MapView | null {
  const text = readStoredText(STORAGE_KEYS.lastMapView);
  if (text === null) return null;
  try {
    const view = rememberedMapViewFrom(JSON.parse(text));
    return view === null ? null : { center: { lat: view.lat, lng: view.lng }, zoom: view.zoom };
  } catch {
    return null;
  }
}

/** Six decimals are plenty (~10 cm); the zoom as the map reports it. */
export function rememberMapView(view: MapView): void {
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  writeStoredText(
    STORAGE_KEYS.lastMapView,
    JSON.stringify({ lat: round(view.center.lat), lng: round(view.center.lng), zoom: view.zoom }),
  );
}
