/**
 * /MapView (spec §2): composes the map feature with the filters, the person's location, the
 * location-permission dialog and the card's 'Save to My places' heart (favourites, with the
 * signed-in person and the sign-in dialog from auth). Loaded lazily, so Leaflet is only
 * fetched for the map.
 */
import { givenCentre, readsWaitForPosition, UNLIMITED_RADIUS } from '@playspot/core';
import { lazy, useCallback, useEffect, useMemo, useState } from 'react';
import { env } from '../../config/env.ts';
import { useCurrentUser } from '../../features/auth/api/get-current-user.ts';
import { useSignInDialog } from '../../features/auth/hooks/use-sign-in-dialog.tsx';
import { FiltersButton } from '../../features/filters/components/filters-button.tsx';
import { usePlaceFilters } from '../../features/filters/hooks/use-place-filters.ts';
import { useUserPosition } from '../../features/user-position/hooks/use-user-position.ts';
import { accuracyCircleRadiusM } from '../../features/user-position/user-position.ts';
import { MapExplorer } from '../../features/map/components/map-explorer.tsx';
import { rememberMapView } from '../../features/map/utils/remembered-view.ts';
import type { ChosenTown, MapUserMarker } from '../../features/map/types.ts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useTermsAcceptance } from '../../features/terms/hooks/use-terms-acceptance.tsx';
import { loadNamespaces } from '../../lib/i18n/i18n.ts';
import { useSearchParamState } from '../../lib/use-search-param-state.ts';
import { useMapTarget } from '../hooks/use-map-target.ts';
import { SuspenseAfterHydration } from '../../components/suspense-after-hydration.tsx';
import { useAfterHydration } from '../../lib/use-hydrated.tsx';
import { useLatest } from '../../lib/use-latest.ts';
import { afterFirstScreen } from '../../lib/after-first-screen.ts';
import { lazyWithPreload } from '../../lib/lazy-with-preload.ts';
import { focusSearch, renderMapActions, useMapSlots } from './map-view-slots.tsx';

export { preloadMapView } from './map-view-slots.tsx';

// Loaded once the first screen is done, so the first tap on Filters opens the sheet in its
// own frame rather than after a download (issue 42).
const FiltersDialog = lazyWithPreload(async () => {
  const [module] = await Promise.all([
    import('../../features/filters/components/filters-dialog.tsx'),
    loadNamespaces('filters'),
  ]);
  return module.FiltersDialog;
});
// Asks once, after the terms: its dialog loads its code apart anyway (components/ui/dialog.tsx).
const PositionPermissionDialog = lazy(async () => {
  const [module] = await Promise.all([
    import('../../features/user-position/components/position-permission-dialog.tsx'),
    loadNamespaces('user-position'),
  ]);
  return { default: module.PositionPermissionDialog };
});
function numberParam(params: URLSearchParams, name: string): number | null {
  const text = params.get(name);
  if (text === null || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

export function MapViewRoute() {
  const { t } = useTranslation('map');
  const { accepted } = useTermsAcceptance();
  // The location prompt waits until the terms are accepted: one dialog at a time.
  const userPosition = useUserPosition(accepted);
  const [storedFilters, setFilters] = usePlaceFilters();
  // A link may give the map a centre (/MapView?lat=…&lng=…[&radius=…]); without a radius it
  // is 1 km (spec §2, core givenCentre), and that radius applies to the list and markers.
  const [params, setParams] = useSearchParams();
  // The server's /MapView is drawn once for every address, without a link's centre: the browser
  // hydrates that, then moves to the link's centre (issue 42).
  const linkCentre = useMemo(
    () => givenCentre(numberParam(params, 'lat'), numberParam(params, 'lng'), numberParam(params, 'radius')),
    [params],
  );
  const centre = useAfterHydration(linkCentre !== null) ? linkCentre : null;
  const filters = useMemo(
    () => (centre ? { ...storedFilters, radiusKm: centre.radiusKm } : storedFilters),
    [centre, storedFilters],
  );
  // The filters sheet is in the URL (?sheet=filters), so Back closes it first.
  const sheet = useSearchParamState('sheet');
  const filtersOpen = sheet.value === 'filters';
  // The sheet's code loads the first time it opens, then stays (it closes with its animation).
  const [filtersOpened, setFiltersOpened] = useState(filtersOpen);
  if (filtersOpen && !filtersOpened) setFiltersOpened(true);
  useEffect(() => {
    // Only a head start: without it the sheet's code loads when it opens.
    afterFirstScreen()
      .then(FiltersDialog.preload)
      .catch(() => undefined);
  }, []);

  const { position } = userPosition;
  const me = useCurrentUser().data ?? null;
  const { openSignIn } = useSignInDialog();
  const locating = userPosition.status === 'locating' || userPosition.status === 'checking';
  // One answer to where the map and the list look (see use-map-target.ts).
  // A town chosen in the search (issue 45): the map and the list look there until it is let go.
  const [town, setTown] = useState<ChosenTown | null>(null);
  const { target, recentre } = useMapTarget(centre?.center ?? null, position, town);
  // No read for a centre the map is about to leave (issue 42).
  const readsWait = readsWaitForPosition(target.source, {
    termsAccepted: accepted,
    checked: userPosition.checked,
    locating,
    asking: userPosition.permissionDialogOpen,
  });
  const { locateMe } = userPosition;
  // 'Show my location' always brings the map to the person: away from a link's centre too
  // (the link's radius goes with it), and again when the position has not changed.
  const latestParams = useLatest({ centre, setParams });
  const leaveLink = useCallback(() => {
    const { centre: linked, setParams: set } = latestParams.current;
    if (linked)
      set(
        (current) => {
          const next = new URLSearchParams(current);
          for (const name of ['lat', 'lng', 'radius']) next.delete(name);
          return next;
        },
        { replace: true },
      );
  }, [latestParams]);
  const showMyPosition = useCallback(() => {
    leaveLink();
    setTown(null);
    recentre();
    locateMe();
  }, [leaveLink, recentre, locateMe]);
  const chooseTown = useCallback(
    (chosen: ChosenTown) => {
      leaveLink();
      setTown(chosen);
    },
    [leaveLink],
  );
  const clearTown = useCallback(() => {
    setTown(null);
  }, []);
  // What the map's page draws with, each kept while its inputs stay: the list, the markers
  // and what floats over the map are memoised and redraw only when these change (issue 42).
  const onClearFilters = useCallback(() => {
    setFilters({ radiusKm: UNLIMITED_RADIUS });
  }, [setFilters]);
  const { open: openSheet } = sheet;
  const filtersButton = useMemo(
    () => (
      <FiltersButton
        filters={filters}
        onClick={() => {
          openSheet('filters');
        }}
      />
    ),
    [filters, openSheet],
  );
  const { notice, renderSearch, renderConditions, renderSaveButton } = useMapSlots({
    position,
    locating,
    showMyPosition,
    me,
    openSignIn,
    readPositionNow: userPosition.readPositionNow,
    town,
    chooseTown,
    clearTown,
    // Denied, or never asked: the sheet invites the parent to search for their town (issue 45);
    // not over a link's centre, which says itself where the list is.
    askForTown: position === null && userPosition.checked && !locating && town === null && centre === null,
  });
  const meOnMap = useMemo<MapUserMarker | null>(
    () =>
      position && {
        lat: position.lat,
        lng: position.lng,
        accuracyRadiusM: accuracyCircleRadiusM(position),
        setByHand: position.source === 'manual',
      },
    [position],
  );

  return (
    <div className="h-[calc(100dvh-4rem-env(safe-area-inset-top)-var(--offline-banner-height,0px))]">
      <title>{t('pageTitle', { product: env.productName })}</title>
      <h1 className="sr-only">{t('heading')}</h1>
      <MapExplorer
        filters={filters}
        me={meOnMap}
        locating={locating}
        readsWait={readsWait}
        onLocateMe={showMyPosition}
        mapWanted={accepted}
        target={target}
        onSearchElsewhere={focusSearch}
        onViewChange={rememberMapView}
        notice={notice}
        onSetManualPosition={userPosition.setManualPosition}
        renderSearch={renderSearch}
        renderMapActions={renderMapActions}
        renderConditions={renderConditions}
        renderSaveButton={renderSaveButton}
        onClearFilters={onClearFilters}
        filtersButton={filtersButton}
        town={town}
      />
      <SuspenseAfterHydration fallback={null}>
        {filtersOpened && (
          <FiltersDialog open={filtersOpen} onClose={sheet.close} filters={filters} onChange={setFilters} />
        )}
      </SuspenseAfterHydration>
      <SuspenseAfterHydration fallback={null}>
        <PositionPermissionDialog
          open={userPosition.permissionDialogOpen}
          onContinue={userPosition.continueFromDialog}
          onDismiss={userPosition.dismissDialog}
        />
      </SuspenseAfterHydration>
    </div>
  );
}
