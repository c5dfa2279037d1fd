/**
 * One target's votes in order (a place, or one of its tags): the first tap's request goes at
 * once; a tap while it is on its way changes what is shown, from what is shown, and once an
 * answer is in, the request that gets the server from its vote to the shown one is sent, until
 * they agree. Answers cannot arrive out of order, and no tap is lost: a parent changing their
 * mind at once (disagree, then agree) ends with the vote they chose.
 */
import type { Place, VoteValue } from '@playspot/core';

/** A target's counts and the person's vote, as shown or as the server answered. */
export interface ShownVote {
  readonly counts: Place['votes'];
  readonly vote: VoteValue | null;
}

/** Requests one answer may lead to: a wish cannot move the server further than a few taps. */
const MOST_REQUESTS = 4;

export interface OrderedVote {
  /** The target's state before this tap, as the page has it from the server. */
  readonly from: ShownVote;
  /** What the tap makes of what is shown; null when it changes nothing. */
  readonly apply: (shown: ShownVote) => ShownVote | null;
  /** The request from the server's vote to the wished one; null when none does (or is needed). */
  readonly towards: (wished: VoteValue | null, saved: VoteValue | null) => Promise<ShownVote> | null;
  readonly show: (shown: ShownVote) => void;
  /** Stops reads on their way that would draw the old counts over the new (the query's cancel). */
  readonly pause: () => Promise<void>;
  readonly onError: (error: unknown) => void;
}

/** `inFlight`: per target, what is shown while its requests are on their way. */
export async function orderedVote(
  inFlight: Map<string, ShownVote>,
  target: string,
  tap: OrderedVote,
): Promise<void> {
  const current = inFlight.get(target);
  const result = tap.apply(current ?? tap.from);
  if (result === null) return;
  inFlight.set(target, result);
  if (current !== undefined) {
    tap.show(result);
    return;
  }
  const wished = () => inFlight.get(target) ?? result;
  await tap.pause();
  tap.show(wished());
  let saved = tap.from;
  try {
    for (let sent = 0; sent < MOST_REQUESTS; sent++) {
      const request = wished().vote === saved.vote ? null : tap.towards(wished().vote, saved.vote);
      if (request === null) break;
      saved = await request;
    }
    tap.show(saved);
  } catch (error) {
    tap.show(tap.from);
    tap.onError(error);
  } finally {
    inFlight.delete(target);
  }
}
