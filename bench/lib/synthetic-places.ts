/**
 * Synthetic map-index places spread like the API benchmark's seed (queryCentres): the same
 * mix of filters, photos, events, live conditions and opening hours on every run.
 */
import type { MapPlace, PlaceLive } from '../../apps/server/src/features/map/map-index/map-place.ts';
import { queryCentres } from './workload.ts';

const AGE_CHOICES: MapPlace['ageRanges'][] = [['2-5'], ['0-2', '2-5'], ['5-12', '12+'], [], ['2-5', '5-12']];

/** Ids in order, as the database streams them (the index needs them sorted). */
export const syntheticIdOf = (i: number) => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;

function liveOf(i: number, nowMs: number): PlaceLive {
  return {
    timeZone: 'Pacific/Auckland',
    events: i % 50 === 0 ? [{ dayOfWeek: 'Saturday', time: '10:00', repeatPattern: 'Week' }] : [],
    conditions:
      i % 100 === 1
        ? [
            {
              brief: {
                kind: 'wet',
                equipment: null,
                lastConfirmedAt: new Date(nowMs).toISOString(),
                expiresAt: new Date(nowMs + 3_600_000).toISOString(),
                parents: 1,
              },
              expiresAtMs: nowMs + 3_600_000,
            },
          ]
        : [],
  };
}

/** Calls `add` with `count` places in id order. */
export function eachSyntheticPlace(count: number, now: Date, add: (place: MapPlace) => void): void {
  const centres = queryCentres(count);
  const nowMs = now.getTime();
  for (let i = 0; i < count; i++) {
    const centre = centres[i] ?? { lat: 0, lng: 0 };
    add({
      id: syntheticIdOf(i),
      name: `Playground ${String(i)} ${['Park', 'Reserve', 'Domain', 'Green'][i % 4] ?? ''}`,
      latitude: centre.lat,
      longitude: centre.lng,
      indoor: i % 3 === 0 ? null : i % 3 === 1,
      free: i % 5 === 0 ? null : i % 5 !== 1,
      ageRanges: AGE_CHOICES[i % AGE_CHOICES.length] ?? [],
      upVotes: i % 4,
      downVotes: i % 3,
      visitCount: i % 7,
      commentCount: i % 2,
      changedAtMs: nowMs - (i % 40) * 86_400_000,
      thumbnailKey: i % 10 === 0 ? `photos/${syntheticIdOf(i)}/thumb.webp` : null,
      // One place in fifty has a weekly public event, one in a hundred a live condition.
      hasEvents: i % 50 === 0,
      live: i % 50 === 0 || i % 100 === 1 ? liveOf(i, nowMs) : null,
      factMask: i % 6,
      closedUntilMs: 0,
      equipmentMask: i % 8,
      // One place in ten has opening hours (the index parses each distinct schedule once).
      openingHours: i % 10 === 0 ? 'Mo-Fr 08:00-19:00; Sa,Su 09:00-18:00' : null,
      timeZone: 'Pacific/Auckland',
      names: null,
    });
  }
}
