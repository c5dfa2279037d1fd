/**
 * What "near" means in the list (issue 32): places within NEAR_RADIUS_KM of the person (or of
 * the map's centre) are near; the next ones, up to FURTHER_RADIUS_KM, come in a "further away"
 * section; anything beyond is never listed as near anything (another continent is not "nearest
 * first"), and the list offers to look elsewhere instead.
 */
import { UNLIMITED_RADIUS } from './constants.ts';

/** The list's default radius when the person chose none. */
export const NEAR_RADIUS_KM = 25;

/** How far the "further away" section reaches; places beyond it are not listed. */
export const FURTHER_RADIUS_KM = 150;

export interface NearbySections<T> {
  /** Within the radius (the chosen one, else NEAR_RADIUS_KM), nearest first. */
  readonly near: T[];
  /** Beyond NEAR_RADIUS_KM up to FURTHER_RADIUS_KM, nearest first; none with a chosen radius. */
  readonly further: T[];
  /** The radius `near` is within (km). */
  readonly radiusKm: number;
}

/**
 * Splits places with their distances into the near ones and the further-away ones, leaving out
 * those beyond FURTHER_RADIUS_KM (and any whose distance is not known). A radius the person chose (a filter) replaces the default:
 * then everything within it is near, and nothing is "further away".
 */
export function nearbySections<T extends { readonly distanceKm: number | null }>(
  entries: readonly T[],
  chosenRadiusKm: number | null,
): NearbySections<T & { readonly distanceKm: number }> {
  // A place whose distance is not known is near nothing.
  const sorted = entries
    .filter((entry): entry is T & { readonly distanceKm: number } => entry.distanceKm !== null)
    .sort((a, b) => a.distanceKm - b.distanceKm);
  if (chosenRadiusKm !== UNLIMITED_RADIUS) {
    return {
      near: sorted.filter((entry) => entry.distanceKm <= chosenRadiusKm),
      further: [],
      radiusKm: chosenRadiusKm,
    };
  }
  return {
    near: sorted.filter((entry) => entry.distanceKm <= NEAR_RADIUS_KM),
    further: sorted.filter(
      (entry) => entry.distanceKm > NEAR_RADIUS_KM && entry.distanceKm <= FURTHER_RADIUS_KM,
    ),
    radiusKm: NEAR_RADIUS_KM,
  };
}
