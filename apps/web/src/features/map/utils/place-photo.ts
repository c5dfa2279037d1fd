import type { Place, PlaceSummary } from '@playspot/core';

export interface PlacePhoto {
  /** Small rendition for lists and cards. */
  readonly thumbnailUrl: string;
  readonly url: string;
}

/** The place's first own photo (not one attached to a comment), if it has any. */
export function firstPhoto(place: Pick<Place, 'imageMetaData' | 'imageUrls'>): PlacePhoto | null {
  const meta = place.imageMetaData.find((image) => image.commentId === undefined);
  if (meta) return { url: meta.url, thumbnailUrl: meta.thumbnailUrl ?? meta.url };
  const url = place.imageUrls[0];
  return url === undefined ? null : { url, thumbnailUrl: url };
}

/** A summary's thumbnail (the server picked the first own photo), if it has one. */
export function summaryPhoto(summary: Pick<PlaceSummary, 'thumbnailUrl'>): PlacePhoto | null {
  return summary.thumbnailUrl === undefined
    ? null
    : { url: summary.thumbnailUrl, thumbnailUrl: summary.thumbnailUrl };
}

/** The most up-voted tags first, for a short preview. */
export function topTags(place: Pick<Place, 'tags' | 'tagVotes'>, count: number): string[] {
  const score = (tag: string) => {
    const votes = place.tagVotes[tag];
    return votes ? votes.up - votes.down : 0;
  };
  return [...place.tags].sort((a, b) => score(b) - score(a)).slice(0, count);
}
