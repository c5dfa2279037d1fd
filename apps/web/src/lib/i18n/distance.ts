/**
 * Distances in the parent's units (issue 46): metres and kilometres, or feet and miles. The
 * units chosen in the menu are remembered on this device; until then the device's region
 * decides (core distanceUnitsOfLocales: 'en-US' feet and miles, elsewhere metric). Every
 * distance on every screen is core's formatDistance through here.
 *
 * The server never draws a distance (it does not know where the parent is), so its pages and
 * the app's first render agree whatever the units.
 */
import {
  distanceUnitsOfLocales,
  formatDistance,
  isDistanceUnits,
  STORAGE_KEYS,
  type DistanceUnits,
} from '@playspot/core';
import { deviceLanguages } from '../../platform/device.ts';
import { readStoredText, writeStoredText } from '../../platform/storage.ts';
import { i18n } from './i18n.ts';

/** The units distances are shown in: the parent's choice, else their device region's. */
export function distanceUnits(): DistanceUnits {
  const chosen = readStoredText(STORAGE_KEYS.distanceUnits);
  return isDistanceUnits(chosen) ? chosen : distanceUnitsOfLocales(deviceLanguages());
}

/** '350 m' or '1,2 km' in the language, or '1,100 ft' in feet and miles. */
export function localDistance(km: number, language: string, units = distanceUnits()): string {
  return formatDistance(km, language, units);
}

/**
 * Remembers the units on this device and redraws every text: each screen's words follow
 * i18next's language, so the language is applied again and every distance with it.
 */
export async function chooseDistanceUnits(units: DistanceUnits): Promise<void> {
  writeStoredText(STORAGE_KEYS.distanceUnits, units);
  await i18n.changeLanguage(i18n.resolvedLanguage ?? i18n.language);
}
