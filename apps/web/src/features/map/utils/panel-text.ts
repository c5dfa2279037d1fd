/** The /MapView panel's heading and the line under it: what the list shows, and around where. */
import type { TFunction } from 'i18next';
import { localDistance, localNumber } from '../../../lib/i18n/format.ts';

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
}

export function panelSubtitle(t: TFunction<'map'>, language: string, state: PanelState): string {
  if (state.loading) return t('subtitle.loading');
  if (state.failed) return t('subtitle.failed');
  const radius = localDistance(state.radiusKm, language);
  if (state.count === 0 && state.further === 0) return t('subtitle.none');
  if (state.count === 0)
    return t('subtitle.onlyFurther', {
      radius,
      count: t('subtitle.places', { count: state.further, shown: localNumber(state.further, language) }),
    });
  const count = t(state.more ? 'subtitle.placesMore' : 'subtitle.places', {
    count: state.count,
    shown: localNumber(state.count, language),
  });
  // Without the person's position the list says where it is centred: on the map's centre.
  return state.located
    ? t('subtitle.nearestFirst', { count, radius })
    : t('subtitle.aroundCentre', { count, radius });
}
