/**
 * Tags with their up/down counts. Tapping a tag's thumb agrees or disagrees; tapping the
 * same thumb again withdraws the vote (spec §4), and the person's votes stay highlighted.
 */
import { EMPTY_VOTE_COUNTS, verifiedFirst, type Place, type VoteValue } from '@playspot/core';
import { BadgeCheck, ThumbsDown, ThumbsUp } from 'lucide-react';
import { useSignedInAction } from '../hooks/use-signed-in-action.ts';
import { useTagVote } from '../hooks/use-votes.ts';
import { useTranslation } from 'react-i18next';
import { tagLabel } from '../../../components/tag-label.ts';

/** A vote of one's own, pressed: green for up, orange for down. */
const VOTED: Record<VoteValue, string> = { up: 'bg-park-700 text-white', down: 'bg-sun-800 text-white' };

const thumb =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-full px-2.5 text-sm font-bold transition-colors duration-150 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600';

export function TagVotes({ place }: { readonly place: Place }) {
  const { t } = useTranslation('location-details');
  const { voteTag } = useTagVote(place.id);
  const { whenSignedIn } = useSignedInAction();
  if (place.tags.length === 0) return null;

  return (
    <section aria-labelledby="tags-heading">
      <h2 id="tags-heading" className="font-display text-2xl font-semibold text-ink">
        {t('tags.heading')}
      </h2>
      <p className="mt-1 text-sm text-gray-700">{t('tags.hint')}</p>
      <ul className="mt-3 flex flex-col gap-2">
        {verifiedFirst(
          place.tags.map((tag) => ({ tag, verified: place.verifiedUpVotes.tags[tag] ?? 0 })),
        ).map(({ tag, verified }) => {
          const counts = place.tagVotes[tag] ?? EMPTY_VOTE_COUNTS;
          const mine = place.myTagVotes[tag] ?? null;
          const button = (value: VoteValue) => {
            const pressed = mine === value;
            const Icon = value === 'up' ? ThumbsUp : ThumbsDown;
            const count = counts[value];
            const on = VOTED[value];
            return (
              <button
                type="button"
                aria-pressed={pressed}
                aria-label={t(value === 'up' ? 'tags.agree' : 'tags.disagree', { tag: tagLabel(tag), count })}
                className={`${thumb} ${pressed ? on : 'text-gray-700 hover:bg-gray-100'}`}
                onClick={() => {
                  whenSignedIn('tag_vote', () => void voteTag(tag, value));
                }}
              >
                <Icon aria-hidden="true" className="h-4 w-4" />
                <span aria-hidden="true">{count}</span>
              </button>
            );
          };
          return (
            <li
              key={tag}
              className="flex items-center justify-between gap-2 rounded-2xl bg-white py-1 pe-1 ps-4 shadow-sm ring-1 ring-gray-200"
              data-testid={`tag-${tag}`}
            >
              <span className="min-w-0">
                <bdi className="block font-bold break-words text-ink">{tagLabel(tag)}</bdi>
                {verified > 0 && (
                  <span className="flex items-center gap-1 text-sm text-park-800">
                    <BadgeCheck aria-hidden="true" className="h-4 w-4" />
                    {t('tags.visitors', { count: verified })}
                  </span>
                )}
              </span>
              <span className="flex shrink-0 items-center gap-1">
                {button('up')}
                {button('down')}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
