/**
 * Votes on a place and on its tags (spec §4 transitions from core, exact under concurrency:
 * the place's row lock serialises them) and visits (spec §7).
 */
import {
  applyPlaceVote,
  applyTagVote,
  canLogVisitAgain,
  checkVisitDistance,
  type TagVoteRequest,
  type VisitRequest,
  type VoteValue,
} from '@playspot/core';
import { AppError, notFound } from '../../lib/errors.ts';
import { withTransactionRetry } from '../../lib/retry.ts';
import { placeDoesNotExist, type PlacesContext } from './places-context.ts';
import * as repository from './places.repository.ts';
import * as visitsRepository from './visits.repository.ts';
import * as votesRepository from './votes.repository.ts';

export function createPlaceVotes({ db, now }: PlacesContext) {
  return {
    /**
     * Spec §7: a visit appends a timestamp, adds one to visitCount, sets lastVisitedAt. Only
     * from the place: the device's reading (checked, never stored) must be near it.
     */
    async visit(id: string, userId: string, reading: VisitRequest) {
      return db.transaction(async (tx) => {
        // Held until commit: visits to the place take turns, so of a double tap one counts.
        const place = await visitsRepository.lockPlaceForVisit(tx, id);
        if (!place) throw placeDoesNotExist();
        const near = checkVisitDistance(reading, place);
        if (!near.ok) throw new AppError(422, 'not_at_the_place', near.message);
        const visitedAt = now();
        if (!canLogVisitAgain(await visitsRepository.lastVisitAt(tx, id, userId), visitedAt)) {
          throw new AppError(
            409,
            'visit_already_logged',
            'You already logged a visit here in the last hour.',
          );
        }
        const visitCount = await visitsRepository.insertVisit(tx, id, userId, visitedAt);
        // The caller's own visit: the place's last one may be someone else's, to the millisecond.
        return { visitCount, lastVisitedAt: visitedAt.toISOString() };
      });
    },

    /** Spec §4: repeating does nothing, switching moves one count, a first vote adds one. */
    async vote(id: string, vote: VoteValue, userId: string) {
      return withTransactionRetry(() =>
        db.transaction(async (tx) => {
          // The row lock serialises votes on one place, so the counters stay exact.
          const current = await repository.lockPlace(tx, id);
          if (!current) throw placeDoesNotExist();
          const previous = await votesRepository.findPlaceVote(tx, id, userId);
          const result = applyPlaceVote({ up: current.upVotes, down: current.downVotes }, previous, vote);
          if (result.changed) {
            await votesRepository.savePlaceVote(tx, {
              locationId: id,
              userId,
              vote,
              counts: result.counts,
              now: now(),
            });
          }
          return { votes: result.counts, myVote: result.vote };
        }),
      );
    },

    /** Spec §4: repeating withdraws, a different vote replaces; retried on conflicts. */
    async tagVote(id: string, request: TagVoteRequest, userId: string) {
      return withTransactionRetry(() =>
        db.transaction(async (tx) => {
          const current = await repository.lockPlace(tx, id);
          if (!current) throw placeDoesNotExist();
          const tag = current.tags.find((candidate) => candidate.toLowerCase() === request.tag.toLowerCase());
          if (tag === undefined) throw notFound(`This place has no tag "${request.tag}".`);
          const previous = await votesRepository.findTagVote(tx, id, tag, userId);
          const counts = await votesRepository.tagCountOf(tx, id, tag);
          const result = applyTagVote(counts, previous, request.vote);
          await votesRepository.saveTagVote(tx, { locationId: id, tag, userId, vote: result.vote });
          return { tag, counts: result.counts, myVote: result.vote };
        }),
      );
    },
  };
}
