/**
 * Optimistic location and tag votes (spec §4, via core's transitions): the counts change
 * the moment the person taps, the server's answer then replaces them, and a failure puts
 * the old counts back with a toast. One request per target at a time, and no tap lost while
 * one is on its way (ordered-vote.ts).
 */
import { applyPlaceVote, applyTagVote, EMPTY_VOTE_COUNTS, type Place, type VoteValue } from '@playspot/core';
import { useRef } from 'react';
import { handleError } from '../../../lib/handle-error.ts';
import { voteOnPlace, voteOnTag } from '../api/place-actions.ts';
import { orderedVote, type ShownVote } from './ordered-vote.ts';
import { usePlaceCache } from './use-place-cache.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';

function withTagVote(place: Place, tag: string, counts: Place['votes'], vote: VoteValue | null): Place {
  const myTagVotes = Object.fromEntries(Object.entries(place.myTagVotes).filter(([key]) => key !== tag));
  if (vote !== null) myTagVotes[tag] = vote;
  return { ...place, tagVotes: { ...place.tagVotes, [tag]: counts }, myTagVotes };
}

export function usePlaceVote(locationId: string) {
  const cache = usePlaceCache(locationId);
  const inFlight = useRef(new Map<string, ShownVote>());

  async function vote(next: VoteValue) {
    const before = cache.read();
    if (!before) return;
    await orderedVote(inFlight.current, 'place', {
      from: { counts: before.votes, vote: before.myVote },
      apply: (shown) => {
        const result = applyPlaceVote(shown.counts, shown.vote, next);
        // Spec §4: repeating the same vote does nothing, so nothing is sent either.
        return result.changed ? { counts: result.counts, vote: result.vote } : null;
      },
      // A place's vote is never withdrawn (spec §4): the wish is a vote, sent as it is.
      towards: (wished) =>
        wished === null
          ? null
          : voteOnPlace(locationId, wished).then((saved) => ({ counts: saved.votes, vote: saved.myVote })),
      show: ({ counts, vote: shown }) => {
        cache.update((place) => ({ ...place, votes: counts, myVote: shown }));
      },
      pause: () => cache.pause(),
      onError: (error) => {
        handleError(error, i18n.t('location-details:vote.notSaved'));
      },
    });
  }

  return { vote };
}

export function useTagVote(locationId: string) {
  const cache = usePlaceCache(locationId);
  const inFlight = useRef(new Map<string, ShownVote>());

  async function voteTag(tag: string, next: VoteValue) {
    const before = cache.read();
    if (!before) return;
    await orderedVote(inFlight.current, tag, {
      from: { counts: before.tagVotes[tag] ?? EMPTY_VOTE_COUNTS, vote: before.myTagVotes[tag] ?? null },
      // Repeating a tag vote withdraws it; a different one replaces it (core's rules).
      apply: (shown) => {
        const result = applyTagVote(shown.counts, shown.vote, next);
        return { counts: result.counts, vote: result.vote };
      },
      // The server applies a vote to the one it has: to withdraw, its own vote is repeated.
      towards: (wished, saved) => {
        const send = wished ?? saved;
        if (send === null) return null;
        return voteOnTag(locationId, tag, send).then((answer) => ({
          counts: answer.counts,
          vote: answer.myVote,
        }));
      },
      show: ({ counts, vote }) => {
        cache.update((place) => withTagVote(place, tag, counts, vote));
      },
      pause: () => cache.pause(),
      onError: (error) => {
        handleError(error, i18n.t('location-details:tags.notSaved', { tag }));
      },
    });
  }

  return { voteTag };
}
