/** The /MapView panel's heading and the line under it: what the list shows, and around where. */
import type { TFunction } from 'i18next';
import { localNumber } from '../../../lib/i18n/format.ts';
import { localDistance } from '../../../lib/i18n/distance.ts';

/** Which way the list is about: a link's centre, the person (near or far) or the map. */
export function panelTitle(
  t: TFunction<'map'>,
  place: { readonly aroundLink: boolean; readonly farFromEverything: boolean; readonly located: boolean },
): string {
  return place.aroundLink
    ? t('title.aroundHere')
    : place.farFromEverything
      ? t('title.nearest')
      : place.located
        ? t('title.nearYou')
        : t('title.nearby');
}

interface PanelState {
  readonly loading: boolean;
  readonly failed: boolean;
  readonly count: number;
  /** Places listed under "further away". */
  readonly further: number;
  readonly radiusKm: number;
  readonly more: boolean;
  readonly located: boolean;
  /** The town chosen in the search, which the list is measured from. */
  readonly town?: string | null;
}

export function panelSubtitle(t: TFunction<'map'>, language: string, state: PanelState): string {
  if (state.loading) return t('subtitle.loading');
  if (state.failed) return t('subtitle.failed');
  const radius = localDistance(state.radiusKm, language);
  // Nothing at all: only the count, as ever; the list's empty state says what to do (issue 45).
  if (state.count === 0 && state.further === 0)
    return t('subtitle.places', { count: 0, shown: localNumber(0, language) });
  if (state.count === 0)
    return t('subtitle.onlyFurther', {
      radius,
      count: t('subtitle.places', { count: state.further, shown: localNumber(state.further, language) }),
    });
  const count = t(state.more ? 'subtitle.placesMore' : 'subtitle.places', {
    count: state.count,
    shown: localNumber(state.count, language),
  });
  // Without the person's position the list says where it is centred: a town, or the map's centre.
  if (state.located) return t('subtitle.nearestFirst', { count, radius });
  if (state.town) return t('subtitle.aroundTown', { count, radius, town: state.town });
  return t('subtitle.aroundCentre', { count, radius });
}
