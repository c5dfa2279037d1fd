/**
 * Distances in the parent's units (issue 46): metres and kilometres, or feet and miles. The
 * units chosen in the menu are remembered on this device; until then the device's region
 * decides (core distanceUnitsOfLocales: 'en-US' feet and miles, elsewhere metric). Every
 * distance on every screen is core's formatDistance through here.
 *
 * The server does not know the parent's units: it draws distances (a place's page says how far
 * it is from the nearest named place, and its amenities) in metres and kilometres, and the
 * browser hydrates that HTML so (useDistanceUnits) before it switches to the parent's units.
 */
import {
  distanceUnitsOfLocales,
  formatDistance,
  isDistanceUnits,
  STORAGE_KEYS,
  type DistanceUnits,
} from '@playspot/core';
import { useSyncExternalStore } from 'react';
import { deviceLanguages } from '../../platform/device.ts';
import { readStoredText, writeStoredText } from '../../platform/storage.ts';
import { i18n } from './i18n.ts';

/** What the server draws with, and the browser while it hydrates the server's HTML. */
const AS_THE_SERVER_DRAWS: DistanceUnits = 'metric';

/** The units distances are shown in: the parent's choice, else their device region's. */
export function distanceUnits(): DistanceUnits {
  // Node has a navigator of its own (en-US): the server's is not the parent's.
  if (typeof window === 'undefined') return AS_THE_SERVER_DRAWS;
  const chosen = readStoredText(STORAGE_KEYS.distanceUnits);
  return isDistanceUnits(chosen) ? chosen : distanceUnitsOfLocales(deviceLanguages());
}

/** '350 m' or '1,2 km' in the language, or '1,100 ft' in feet and miles. */
export function localDistance(km: number, language: string, units = distanceUnits()): string {
  return formatDistance(km, language, units);
}

const listeners = new Set<() => void>();

function onUnitsChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The units for a part the server draws too: metric while the browser hydrates the server's
 * HTML, the parent's from then on (and at once when they choose others).
 */
export function useDistanceUnits(): DistanceUnits {
  return useSyncExternalStore(onUnitsChange, distanceUnits, () => AS_THE_SERVER_DRAWS);
}

/**
 * Remembers the units on this device and redraws every text: each screen's words follow
 * i18next's language, so the language is applied again and every distance with it.
 */
export async function chooseDistanceUnits(units: DistanceUnits): Promise<void> {
  writeStoredText(STORAGE_KEYS.distanceUnits, units);
  for (const listener of listeners) listener();
  await i18n.changeLanguage(i18n.resolvedLanguage ?? i18n.language);
}
