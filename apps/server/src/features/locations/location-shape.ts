/** Builds the API's Location (spec §3 shape) from rows, without other users' ids. */
import { attributionFor, type Location, type VoteValue } from '@playspot/core';
import type { LocationRow } from './locations.repository.ts';

export interface LocationExtras {
  myVote: VoteValue | null;
  myTagVotes: Record<string, VoteValue>;
  canEdit: boolean;
  urlFor: (storageKey: string) => string;
}

export function toLocation(row: LocationRow, extras: LocationExtras): Location {
  const tagVotes: Record<string, { up: number; down: number }> = {};
  for (const tag of row.tags) tagVotes[tag] = { up: 0, down: 0 };
  for (const count of row.tagCounts) {
    if (count.tag in tagVotes) tagVotes[count.tag] = { up: count.up, down: count.down };
  }
  const imageMetaData = row.images.map((image) => ({
    url: extras.urlFor(image.storageKey),
    ...(image.thumbnailStorageKey ? { thumbnailUrl: extras.urlFor(image.thumbnailStorageKey) } : {}),
    ...(image.commentId ? { commentId: image.commentId } : {}),
    uploadedBy: { userName: image.uploaderUserName },
    lastUpdatedAt: new Date(image.updatedAtMs).toISOString(),
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
    canEdit: extras.canEdit,
    imageUrls: imageMetaData.map((image) => image.url),
    imageMetaData,
    visitCount: row.visitCount,
    lastVisitedAt: row.lastVisitedAt?.toISOString() ?? null,
    ageRanges: row.ageRanges as Location['ageRanges'],
    indoor: row.indoor,
    free: row.free,
    ...(row.distanceKm === undefined ? {} : { distanceKm: row.distanceKm }),
    commentCount: row.commentCount,
    source: row.source,
    licence: row.licence,
    attribution: attributionFor(row.source, row.licence),
  };
}
