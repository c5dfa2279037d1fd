/**
 * A place as a viewer sees it: the rows with what depends on the viewer (their own votes and
 * last visit, whether they may edit or delete a photo) and the visit-verified votes.
 */
import { canDeletePhoto, canModifyOwned, type Actor, type Place, type VoteValue } from '@playspot/core';
import { placeNotFound, type PlacesContext } from './places-context.ts';
import { toPlace } from './place-shape.ts';
import * as repository from './places.repository.ts';
import * as visitsRepository from './visits.repository.ts';
import * as votesRepository from './votes.repository.ts';

export function createPlaceViews({ deps, db, now }: PlacesContext) {
  /**
   * Adds what depends on the viewer: their own votes and whether they may edit (tag counts
   * and photos come with the rows).
   */
  async function enrich(rows: repository.PlaceRow[], viewer: Actor | null): Promise<Place[]> {
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
      return toPlace(row, {
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
  async function get(id: string, viewer: Actor | null): Promise<Place> {
    const row = await repository.findPlaceRow(db, id);
    if (!row) throw placeNotFound();
    const [place] = await enrich([row], viewer);
    if (!place) throw placeNotFound();
    return place;
  }

  return { enrich, get };
}

export type PlaceViews = ReturnType<typeof createPlaceViews>;
