/**
 * 'Save' on a place: one tap keeps it in My places, another takes it out. Signed out, the
 * tap opens the sign-in dialog instead. A full-width button on the place page; a round heart
 * on the map's card.
 */
import type { CurrentUser } from '@playspot/core';
import { useQueryClient } from '@tanstack/react-query';
import { Heart } from 'lucide-react';
import { useState } from 'react';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { handleError } from '../../../lib/handle-error.ts';
import { FAVOURITES_KEY, setFavourite, useFavourites } from '../api/favourites.ts';
import { useTranslation } from 'react-i18next';

interface SavePlaceButtonProps {
  readonly placeId: string;
  readonly me: CurrentUser | null;
  readonly onSignIn: (source: string) => void;
  /** 'icon': a round 44 px heart, named for screen readers (the map's card). */
  readonly variant?: 'full' | 'icon';
}

export function SavePlaceButton({ placeId, me, onSignIn, variant = 'full' }: SavePlaceButtonProps) {
  const { t } = useTranslation('favourites');
  const queryClient = useQueryClient();
  const favourites = useFavourites(null, me !== null);
  const [pending, setPending] = useState<boolean | null>(null);
  const saved = pending ?? favourites.data?.items.some((item) => item.id === placeId) ?? false;
  const toggle = async () => {
    if (me === null) {
      onSignIn('save_place');
      return;
    }
    const next = !saved;
    setPending(next);
    try {
      await setFavourite(placeId, next);
      await queryClient.invalidateQueries({ queryKey: FAVOURITES_KEY });
    } catch (error) {
      handleError(error, next ? t('saveFailed') : t('removeFailed'));
    } finally {
      setPending(null);
    }
  };
  const label = saved ? t('saved') : t('save');
  const heart = (
    <Heart
      aria-hidden="true"
      className={saved ? 'h-5 w-5 fill-rose-500 text-rose-600' : 'h-5 w-5 text-park-700'}
    />
  );
  if (variant === 'icon')
    return (
      <button
        type="button"
        aria-pressed={saved}
        aria-label={label}
        title={label}
        className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-white ring-1 ring-gray-300 ring-inset hover:bg-rose-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600 active:bg-rose-100 disabled:cursor-wait"
        disabled={pending !== null}
        onClick={() => void toggle()}
      >
        {heart}
      </button>
    );
  return (
    <button
      type="button"
      aria-pressed={saved}
      className={buttonClassName('secondary', 'w-full')}
      disabled={pending !== null}
      onClick={() => void toggle()}
    >
      {heart}
      {label}
    </button>
  );
}
