/**
 * A place as a viewer sees it: the rows with what depends on the viewer (their own votes and
 * last visit, whether they may edit or delete a photo) and the visit-verified votes.
 */
import { canDeletePhoto, canModifyOwned, type Actor, type Location, type VoteValue } from '@playspot/core';
import { locationNotFound, type LocationsContext } from './locations-context.ts';
import { toLocation } from './location-shape.ts';
import * as repository from './locations.repository.ts';
import * as visitsRepository from './visits.repository.ts';
import * as votesRepository from './votes.repository.ts';

export function createLocationViews({ deps, db, now }: LocationsContext) {
  /**
   * Adds what depends on the viewer: their own votes and whether they may edit (tag counts
   * and photos come with the rows).
   */
  async function enrich(rows: repository.LocationRow[], viewer: Actor | null): Promise<Location[]> {
    const ids = rows.map((row) => row.id);
    const [[own, lastVisits], verified] = await Promise.all([
      viewer
        ? Promise.all([
            votesRepository.votesOfUser(db, viewer.id, ids),
            visitsRepository.lastVisitsOfUser(db, viewer.id, ids),
          ])
        : Promise.resolve([{ locationVotes: [], tagVotes: [] }, new Map<string, Date>()] as const),
      votesRepository.verifiedUpVotes(db, ids, now()),
    ]);
    return rows.map((row) => {
      const myTagVotes: Record<string, VoteValue> = {};
      for (const vote of own.tagVotes) if (vote.locationId === row.id) myTagVotes[vote.tag] = vote.vote;
      return toLocation(row, {
        myVote: own.locationVotes.find((vote) => vote.locationId === row.id)?.vote ?? null,
        myTagVotes,
        verifiedUpVotes: verified.get(row.id) ?? { place: 0, tags: {} },
        canEdit: viewer !== null && canModifyOwned(viewer, row.createdByUserId),
        myLastVisitAt: lastVisits.get(row.id) ?? null,
        canDeletePhoto: (image) =>
          viewer !== null &&
          canDeletePhoto(viewer, {
            uploadedByUserId: image.uploadedByUserId,
            commentId: image.commentId,
            placeCreatedByUserId: row.createdByUserId,
          }),
        urlFor: deps.urlFor,
      });
    });
  }

  /** One place as `viewer` sees it; 404 when it is gone. */
  async function get(id: string, viewer: Actor | null): Promise<Location> {
    const row = await repository.findLocationRow(db, id);
    if (!row) throw locationNotFound();
    const [location] = await enrich([row], viewer);
    if (!location) throw locationNotFound();
    return location;
  }

  return { enrich, get };
}

export type LocationViews = ReturnType<typeof createLocationViews>;
