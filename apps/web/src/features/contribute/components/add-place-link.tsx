/**
 * 'Add a play spot' on the map: an orange round button on phones (beside the search), a
 * labelled pill on wider screens. The map's centre rides along so the form starts there
 * when the person's position is unknown.
 */
import type { LatLng } from '@playspot/core';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface AddPlaceLinkState {
  readonly center: LatLng;
}

export function AddPlaceLink({ to, center }: { readonly to: string; readonly center: LatLng }) {
  const { t } = useTranslation('map');
  const state: AddPlaceLinkState = { center };
  return (
    <Link
      to={to}
      state={state}
      aria-label={t('addPlaySpot')}
      title={t('addPlaySpot')}
      className="pointer-events-auto flex h-12 w-12 items-center justify-center gap-2 rounded-full bg-sun-700 font-bold text-white shadow-lg shadow-sun-900/25 hover:bg-sun-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600 active:bg-sun-900 lg:w-auto lg:px-5"
    >
      <Plus aria-hidden="true" className="h-6 w-6 shrink-0" strokeWidth={2.5} />
      <span aria-hidden="true" className="hidden lg:inline">
        {t('addPlaySpot')}
      </span>
    </Link>
  );
}
