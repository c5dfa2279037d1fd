/**
 * Optimistic location and tag votes (spec §4, via core's transitions): the counts change
 * the moment the person taps, the server's answer then replaces them, and a failure puts
 * the old counts back with a toast. One request per target at a time: taps while one is
 * on its way are ignored, so answers cannot arrive out of order.
 */
import {
  applyLocationVote,
  applyTagVote,
  EMPTY_VOTE_COUNTS,
  type Location,
  type VoteValue,
} from '@playspot/core';
import { useRef, useState } from 'react';
import { handleError } from '../../../lib/handle-error.ts';
import { voteOnLocation, voteOnTag } from '../api/location-actions.ts';
import { useLocationCache } from './use-location-cache.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';

function withTagVote(
  location: Location,
  tag: string,
  counts: Location['votes'],
  vote: VoteValue | null,
): Location {
  const myTagVotes = Object.fromEntries(Object.entries(location.myTagVotes).filter(([key]) => key !== tag));
  if (vote !== null) myTagVotes[tag] = vote;
  return { ...location, tagVotes: { ...location.tagVotes, [tag]: counts }, myTagVotes };
}

export function useLocationVote(locationId: string) {
  const cache = useLocationCache(locationId);
  const [pending, setPending] = useState(false);
  // A ref, not state: two taps in the same frame must both see the first one in flight.
  const inFlight = useRef(false);

  async function vote(next: VoteValue) {
    const before = cache.read();
    if (!before || inFlight.current) return;
    const result = applyLocationVote(before.votes, before.myVote, next);
    // Spec §4: repeating the same vote does nothing, so nothing is sent either.
    if (!result.changed) return;
    inFlight.current = true;
    setPending(true);
    await cache.pause();
    cache.update((location) => ({ ...location, votes: result.counts, myVote: result.vote }));
    try {
      const saved = await voteOnLocation(locationId, next);
      cache.update((location) => ({ ...location, votes: saved.votes, myVote: saved.myVote }));
    } catch (error) {
      cache.update((location) => ({ ...location, votes: before.votes, myVote: before.myVote }));
      handleError(error, i18n.t('location-details:vote.notSaved'));
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }

  return { vote, pending };
}

export function useTagVote(locationId: string) {
  const cache = useLocationCache(locationId);
  const [pendingTags, setPendingTags] = useState<ReadonlySet<string>>(new Set());
  const inFlight = useRef(new Set<string>());

  const setTagPending = (tag: string, on: boolean) => {
    if (on) inFlight.current.add(tag);
    else inFlight.current.delete(tag);
    setPendingTags((current) => {
      const next = new Set(current);
      if (on) next.add(tag);
      else next.delete(tag);
      return next;
    });
  };

  async function voteTag(tag: string, next: VoteValue) {
    const before = cache.read();
    if (!before || inFlight.current.has(tag)) return;
    const previousCounts = before.tagVotes[tag] ?? EMPTY_VOTE_COUNTS;
    const previousVote = before.myTagVotes[tag] ?? null;
    // Repeating a tag vote withdraws it; a different one replaces it (core's rules).
    const result = applyTagVote(previousCounts, previousVote, next);
    setTagPending(tag, true);
    await cache.pause();
    cache.update((location) => withTagVote(location, tag, result.counts, result.vote));
    try {
      const saved = await voteOnTag(locationId, tag, next);
      cache.update((location) => withTagVote(location, tag, saved.counts, saved.myVote));
    } catch (error) {
      cache.update((location) => withTagVote(location, tag, previousCounts, previousVote));
      handleError(error, i18n.t('location-details:tags.notSaved', { tag }));
    } finally {
      setTagPending(tag, false);
    }
  }

  return { voteTag, pendingTags };
}
