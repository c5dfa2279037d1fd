/**
 * My places (issue 18): the places a parent saved, nearest first from where they are (newest
 * saved first without a position), each a link to its page with a way to take it out.
 */
import { distanceKm, type CurrentUser, type LatLng } from '@playspot/core';
import { useQueryClient } from '@tanstack/react-query';
import { Heart, HeartOff } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { FactChips } from '../../../components/fact-chips.tsx';
import { PlaceBadges } from '../../../components/place-badges.tsx';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { handleError } from '../../../lib/handle-error.ts';
import { FAVOURITES_KEY, setFavourite, useFavourites } from '../api/favourites.ts';
import { useTranslation } from 'react-i18next';
import { RichText } from '../../../lib/i18n/rich-text.tsx';
import { localNumber } from '../../../lib/i18n/format.ts';
import { localDistance } from '../../../lib/i18n/distance.ts';
import { PlaceName } from '../../../components/place-name.tsx';

interface MyPlacesProps {
  readonly me: CurrentUser | null;
  /** Where the parent is, when known: the list is then nearest first, with distances. */
  readonly from: LatLng | null;
  /**
   * The same position unrounded: distances are measured from it here, as the map's list and
   * a place's page measure them (issue 45: 440 m there, 500 m here from the rounded `from`).
   */
  readonly position?: LatLng | null;
  readonly onSignIn: (source: string) => void;
}

export function MyPlaces({ me, from, position = from, onSignIn }: MyPlacesProps) {
  const { t, i18n } = useTranslation('favourites');
  const favourites = useFavourites(from, me !== null);
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<string | null>(null);
  if (me === null) {
    return (
      <div className="mt-6 rounded-3xl bg-white p-6 text-center shadow-sm ring-1 ring-gray-200">
        <Heart aria-hidden="true" className="mx-auto h-10 w-10 text-rose-500" />
        <p className="mt-3 text-lg text-gray-800">{t('list.signInHint')}</p>
        <button
          type="button"
          className={buttonClassName('primary', 'mt-4')}
          onClick={() => {
            onSignIn('my_places');
          }}
        >
          {t('list.signIn')}
        </button>
      </div>
    );
  }
  if (favourites.isPending) return <PageSpinner label={t('list.loading')} />;
  if (favourites.isError) {
    return <p className="mt-6 text-lg text-gray-800">{t('list.loadFailed')}</p>;
  }
  const items = measured(favourites.data.items, position);
  if (items.length === 0) {
    return (
      <div className="mt-6 rounded-3xl bg-white p-6 text-center shadow-sm ring-1 ring-gray-200">
        <Heart aria-hidden="true" className="mx-auto h-10 w-10 text-rose-500" />
        <p className="mt-3 text-lg text-gray-800">
          <RichText text={t('list.none')} components={{ strong: <strong /> }} />
        </p>
      </div>
    );
  }
  const remove = async (id: string) => {
    setRemoving(id);
    try {
      await setFavourite(id, false);
      await queryClient.invalidateQueries({ queryKey: FAVOURITES_KEY });
    } catch (error) {
      handleError(error, t('removeFailed'));
    } finally {
      setRemoving(null);
    }
  };
  return (
    <>
      <p className="mt-2 text-gray-700">
        {t(from ? 'list.countNearest' : 'list.countNewest', {
          count: items.length,
          shown: localNumber(items.length, i18n.language),
        })}
      </p>
      <ul className="mt-4 flex flex-col gap-3">
        {items.map((place) => (
          <li
            key={place.id}
            className="flex items-center gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-gray-200"
          >
            <Link
              to={paths.place.build(place.id)}
              className="min-w-0 flex-1 rounded-xl p-1 focus-visible:outline-3 focus-visible:outline-sky-600"
            >
              <span className="line-clamp-2 block font-display text-lg leading-snug font-medium text-ink">
                <PlaceName place={place} />
              </span>
              {place.distanceKm !== undefined && (
                <span className="block text-sm font-bold text-gray-700" data-testid="my-place-distance">
                  {t('list.away', { distance: localDistance(place.distanceKm, i18n.language) })}
                </span>
              )}
              <span className="mt-1.5 block">
                <PlaceBadges
                  indoor={place.indoor}
                  free={place.free}
                  eventToday={place.hasEventToday === true}
                />
              </span>
              <FactChips facts={place.facts} compact className="mt-1.5" />
            </Link>
            <button
              type="button"
              className={buttonClassName('ghost', 'shrink-0')}
              disabled={removing === place.id}
              aria-label={t('list.removeNamed', { name: place.name })}
              onClick={() => void remove(place.id)}
            >
              <HeartOff aria-hidden="true" className="h-5 w-5" />
              {t('list.remove')}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The saved places with their distances from the exact position (core distanceKm, as the list),
 * nearest first: the server sorted them from the rounded one. Offline, the saved answer is
 * measured the same way.
 */
function measured<T extends LatLng & { distanceKm?: number }>(
  items: readonly T[],
  position: LatLng | null,
): T[] {
  if (position === null) return [...items];
  return items
    .map((item) => ({ ...item, distanceKm: distanceKm(position, item) }))
    .sort((a, b) => a.distanceKm - b.distanceKm);
}
