/** Builds the API's Place (spec §3 shape) from rows, without other users' ids. */
import {
  attributionFor,
  factFiltersHolding,
  publicLastVisit,
  roundDistanceKm,
  usableTimeZone,
  type Place,
  type PlaceSummary,
  type PlaceNames,
  type VoteValue,
} from '@playspot/core';
import type { PlaceImage, PlaceRow } from './places.repository.ts';

export interface PlaceExtras {
  myVote: VoteValue | null;
  myTagVotes: Record<string, VoteValue>;
  /** Up votes by parents who visited in the last month (votes.repository verifiedUpVotes). */
  verifiedUpVotes: { place: number; tags: Record<string, number> };
  canEdit: boolean;
  /** The caller's own last visit here, exact; null for others and when signed out. */
  myLastVisitAt: Date | null;
  /** Whether the caller may delete this photo of the place (core canDeletePhoto). */
  canDeletePhoto: (image: PlaceImage) => boolean;
  urlFor: (storageKey: string) => string;
}

/** The place's names in other languages (issue 46), when it has any. */
function namesOf(row: PlaceRow): { names?: PlaceNames } {
  return Object.keys(row.names).length === 0 ? {} : { names: row.names };
}

/** The place's hours and the zone to read them in, when it has hours. */
function openingHoursOf(row: PlaceRow): { openingHours?: { value: string; timeZone: string } } {
  const value = row.facts.opening_hours;
  return value === undefined ? {} : { openingHours: { value, timeZone: usableTimeZone(row.timeZone) } };
}

export function toPlace(row: PlaceRow, extras: PlaceExtras): Place {
  const tagVotes: Record<string, { up: number; down: number }> = {};
  for (const tag of row.tags) tagVotes[tag] = { up: 0, down: 0 };
  for (const count of row.tagCounts) {
    if (count.tag in tagVotes) tagVotes[count.tag] = { up: count.up, down: count.down };
  }
  const imageMetaData = row.images.map((image) => ({
    id: image.id,
    url: extras.urlFor(image.storageKey),
    ...(image.thumbnailStorageKey ? { thumbnailUrl: extras.urlFor(image.thumbnailStorageKey) } : {}),
    ...(image.commentId ? { commentId: image.commentId } : {}),
    uploadedBy: { userName: image.uploaderUserName },
    lastUpdatedAt: new Date(image.updatedAtMs).toISOString(),
    canDelete: extras.canDeletePhoto(image),
  }));
  return {
    id: row.id,
    name: row.name,
    latitude: row.latitude,
    longitude: row.longitude,
    tags: row.tags,
    tagVotes,
    searchKeywords: row.searchKeywords,
    createdAt: row.createdAt.toISOString(),
    lastUpdatedAt: row.lastUpdatedAt.toISOString(),
    createdByUserName: row.createdByUserName,
    officialWebsite: row.officialWebsite,
    description: row.description,
    votes: { up: row.upVotes, down: row.downVotes },
    myVote: extras.myVote,
    myTagVotes: extras.myTagVotes,
    verifiedUpVotes: extras.verifiedUpVotes,
    canEdit: extras.canEdit,
    imageUrls: imageMetaData.map((image) => image.url),
    imageMetaData,
    visitCount: row.visitCount,
    lastVisitedAt: row.lastVisitedAt ? publicLastVisit(row.lastVisitedAt, row.timeZone).toISOString() : null,
    myLastVisitAt: extras.myLastVisitAt?.toISOString() ?? null,
    timeZone: row.timeZone,
    ageRanges: row.ageRanges as Place['ageRanges'],
    indoor: row.indoor,
    free: row.free,
    ...(row.distanceKm === undefined ? {} : { distanceKm: row.distanceKm }),
    commentCount: row.commentCount,
    source: row.source,
    licence: row.licence,
    attribution: attributionFor(row.source, row.licence),
    ...openingHoursOf(row),
    ...namesOf(row),
  };
}

/**
 * The map's summary of a place (list, markers, card): the first own photo's thumbnail
 * (as the web's firstPhoto picks it), never a viewer's own votes.
 */
export function toPlaceSummary(
  row: PlaceRow,
  extras: { hasEventToday: boolean; urlFor: (storageKey: string) => string },
): PlaceSummary {
  const photo = row.images.find((image) => image.commentId === null);
  const facts = factFiltersHolding({ facts: row.facts, toiletsNearby: row.toiletsNearby });
  return {
    id: row.id,
    name: row.name,
    lat: row.latitude,
    lng: row.longitude,
    ...(row.distanceKm === undefined ? {} : { distanceKm: roundDistanceKm(row.distanceKm) }),
    indoor: row.indoor,
    free: row.free,
    ageRanges: row.ageRanges as PlaceSummary['ageRanges'],
    upVotes: row.upVotes,
    ...(photo ? { thumbnailUrl: extras.urlFor(photo.thumbnailStorageKey ?? photo.storageKey) } : {}),
    ...(extras.hasEventToday ? { hasEventToday: true as const } : {}),
    ...(facts.length === 0 ? {} : { facts }),
    ...openingHoursOf(row),
    ...namesOf(row),
  };
}
