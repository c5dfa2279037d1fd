/**
 * Popularity of a place (spec §3: "a popularity measure is computed from a place";
 * §5: the popular filter keeps places whose popularity is above 0).
 *
 *   popularity = (up votes − down votes) + visitCount / 10 + commentCount / 5
 *
 * A vote is the strongest signal; ten logged visits or five comments count as much as one
 * up vote. A brand-new place (no votes, visits or comments) scores exactly 0, so it is
 * never "popular" until families actually vote for, visit or talk about it. Down votes can
 * pull it below 0. The creator's automatic tag votes are not place votes and do not count.
 *
 * The score is computed in tenths with integers, so `> 0` is exact (no floating-point
 * residue can make a net-zero place look popular).
 */
export interface PopularityInput {
  readonly votes: { readonly up: number; readonly down: number };
  readonly visitCount: number;
  readonly commentCount: number;
}

/**
 * Weights of each signal, in tenths of a point. Exported so the database can filter on
 * exactly the same measure (the `popular` filter in SQL).
 */
export const POPULARITY_WEIGHTS_TENTHS = { netVote: 10, visit: 1, comment: 2 } as const;

/** Popularity in tenths of a point (an integer for integer inputs). */
export function popularityTenths(place: PopularityInput): number {
  const weights = POPULARITY_WEIGHTS_TENTHS;
  return (
    weights.netVote * (place.votes.up - place.votes.down) +
    weights.visit * place.visitCount +
    weights.comment * place.commentCount
  );
}

/** The popularity measure; above 0 only with net positive community signal. */
export function popularity(place: PopularityInput): number {
  return popularityTenths(place) / 10;
}

export function isPopular(place: PopularityInput): boolean {
  return popularityTenths(place) > 0;
}
