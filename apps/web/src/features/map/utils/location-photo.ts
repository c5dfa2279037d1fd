import type { Location, LocationSummary } from '@playspot/core';

export interface LocationPhoto {
  /** Small rendition for lists and cards. */
  readonly thumbnailUrl: string;
  readonly url: string;
}

/** The place's first own photo (not one attached to a comment), if it has any. */
export function firstPhoto(location: Pick<Location, 'imageMetaData' | 'imageUrls'>): LocationPhoto | null {
  const meta = location.imageMetaData.find((image) => image.commentId === undefined);
  if (meta) return { url: meta.url, thumbnailUrl: meta.thumbnailUrl ?? meta.url };
  const url = location.imageUrls[0];
  return url === undefined ? null : { url, thumbnailUrl: url };
}

/** A summary's thumbnail (the server picked the first own photo), if it has one. */
export function summaryPhoto(summary: Pick<LocationSummary, 'thumbnailUrl'>): LocationPhoto | null {
  return summary.thumbnailUrl === undefined
    ? null
    : { url: summary.thumbnailUrl, thumbnailUrl: summary.thumbnailUrl };
}

/** The most up-voted tags first, for a short preview. */
export function topTags(location: Pick<Location, 'tags' | 'tagVotes'>, count: number): string[] {
  const score = (tag: string) => {
    const votes = location.tagVotes[tag];
    return votes ? votes.up - votes.down : 0;
  };
  return [...location.tags].sort((a, b) => score(b) - score(a)).slice(0, count);
}
