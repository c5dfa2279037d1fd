/** 'Good for kids?' thumbs up/down with counts; the person's own vote is filled in. */
import type { Place, VoteValue } from '@playspot/core';
import { BadgeCheck, ThumbsDown, ThumbsUp } from 'lucide-react';
import { usePlaceVote } from '../hooks/use-votes.ts';
import { useSignedInAction } from '../hooks/use-signed-in-action.ts';
import { useTranslation } from 'react-i18next';

const base =
  'inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-full px-4 text-base font-bold ring-1 ring-inset transition-colors duration-150 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600';

const looks: Record<VoteValue, { on: string; off: string }> = {
  up: {
    on: 'bg-park-700 text-white ring-park-700',
    off: 'bg-white text-park-800 ring-gray-300 hover:bg-park-50',
  },
  down: {
    on: 'bg-sun-800 text-white ring-sun-800',
    off: 'bg-white text-gray-800 ring-gray-300 hover:bg-gray-50',
  },
};

export function PlaceVote({ place }: { readonly place: Place }) {
  const { t } = useTranslation('location-details');
  const { vote } = usePlaceVote(place.id);
  const { whenSignedIn } = useSignedInAction();
  const button = (value: VoteValue) => {
    const mine = place.myVote === value;
    const Icon = value === 'up' ? ThumbsUp : ThumbsDown;
    const count = place.votes[value];
    return (
      <button
        type="button"
        aria-pressed={mine}
        aria-label={t(value === 'up' ? 'vote.up' : 'vote.down', { count })}
        className={`${base} ${mine ? looks[value].on : looks[value].off}`}
        onClick={() => {
          whenSignedIn('location_vote', () => void vote(value));
        }}
      >
        <Icon aria-hidden="true" className={`h-5 w-5 ${mine ? 'fill-current/30' : ''}`} />
        <span aria-hidden="true">{count}</span>
      </button>
    );
  };
  return (
    <div role="group" aria-labelledby="vote-heading">
      <h2 id="vote-heading" className="text-base font-bold text-gray-800">
        {t('vote.heading')}
      </h2>
      <div className="mt-2 flex gap-2">
        {button('up')}
        {button('down')}
      </div>
      {place.verifiedUpVotes.place > 0 && (
        <p className="mt-1.5 flex items-center gap-1 text-sm text-park-800">
          <BadgeCheck aria-hidden="true" className="h-4 w-4" />
          {t('vote.visitors', { count: place.verifiedUpVotes.place })}
        </p>
      )}
    </div>
  );
}
