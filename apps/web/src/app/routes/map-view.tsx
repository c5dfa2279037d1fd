/**
 * /MapView (spec §2): composes the map feature with the filters, the person's location, the
 * location-permission dialog and the card's 'Save to My places' heart (favourites, with the
 * signed-in person and the sign-in dialog from auth). Loaded lazily, so Leaflet is only
 * fetched for the map.
 */
import { givenCentre, readsWaitForPosition, UNLIMITED_RADIUS } from '@playspot/core';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { env } from '../../config/env.ts';
import { paths } from '../../config/paths.ts';
import { useCurrentUser } from '../../features/auth/api/get-current-user.ts';
import { useSignInDialog } from '../../features/auth/hooks/use-sign-in-dialog.tsx';
import { FiltersButton } from '../../features/filters/components/filters-button.tsx';
import { useLocationFilters } from '../../features/filters/hooks/use-location-filters.ts';
import { useUserPosition } from '../../features/user-position/hooks/use-user-position.ts';
import { accuracyCircleRadiusM } from '../../features/user-position/user-position.ts';
import { AddPlaceLink } from '../../features/contribute/components/add-place-link.tsx';
import { MapExplorer } from '../../features/map/components/map-explorer.tsx';
import { rememberMapView } from '../../features/map/utils/remembered-view.ts';
import type { MapUserMarker } from '../../features/map/types.ts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useTermsAcceptance } from '../../features/terms/hooks/use-terms-acceptance.tsx';
import { loadNamespaces } from '../../lib/i18n/i18n.ts';
import { lazyWithPreload } from '../../lib/lazy-with-preload.ts';
import { useSearchParamState } from '../../lib/use-search-param-state.ts';
import { useMapTarget } from '../hooks/use-map-target.ts';
import { SuspenseAfterHydration } from '../../components/suspense-after-hydration.tsx';
import { useAfterHydration } from '../../lib/use-hydrated.ts';

// Part of the first screen the server draws (src/ssr/): loaded with the route (preloadMapView).
const SearchBox = lazyWithPreload(async () => {
  const [module] = await Promise.all([
    import('../../features/search/components/search-box.tsx'),
    loadNamespaces('search'),
  ]);
  return module.SearchBox;
});

/** What the route's first render shows besides itself (the search box). */
export function preloadMapView(): Promise<void> {
  return SearchBox.preload();
}
// Only for an old position or one set by hand: after the list.
const PositionNotice = lazy(async () => {
  const [module] = await Promise.all([
    import('../../features/user-position/components/position-notice.tsx'),
    loadNamespaces('user-position'),
  ]);
  return { default: module.PositionNotice };
});
const FiltersDialog = lazy(async () => {
  const [module] = await Promise.all([
    import('../../features/filters/components/filters-dialog.tsx'),
    loadNamespaces('filters'),
  ]);
  return { default: module.FiltersDialog };
});
// Asks once, after the terms: its dialog loads its code apart anyway (components/ui/dialog.tsx).
const PositionPermissionDialog = lazy(async () => {
  const [module] = await Promise.all([
    import('../../features/user-position/components/position-permission-dialog.tsx'),
    loadNamespaces('user-position'),
  ]);
  return { default: module.PositionPermissionDialog };
});
// Only on a place's card, which loads after the list too.
// Only on a place's card: the live conditions and their report sheet.
const LiveConditions = lazy(async () => ({
  default: (await import('../../features/conditions/components/live-conditions.tsx')).LiveConditions,
}));
const SavePlaceButton = lazy(async () => {
  const [module] = await Promise.all([
    import('../../features/favourites/components/save-place-button.tsx'),
    loadNamespaces('favourites'),
  ]);
  return { default: module.SavePlaceButton };
});

/** The map's search box, focused when the list offers to look elsewhere. */
const SEARCH_INPUT_ID = 'map-search';

/** A number from the query, or null when absent or not a number. */
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
  const [storedFilters, setFilters] = useLocationFilters();
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

  const { position } = userPosition;
  const me = useCurrentUser().data ?? null;
  const { openSignIn } = useSignInDialog();
  const locating = userPosition.status === 'locating' || userPosition.status === 'checking';
  // One answer to where the map and the list look (see use-map-target.ts).
  const { target, recentre } = useMapTarget(centre?.center ?? null, position);
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
  const showMyPosition = useCallback(() => {
    if (centre)
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const name of ['lat', 'lng', 'radius']) next.delete(name);
          return next;
        },
        { replace: true },
      );
    recentre();
    locateMe();
  }, [centre, setParams, recentre, locateMe]);
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
        onSearchElsewhere={() => {
          document.getElementById(SEARCH_INPUT_ID)?.focus();
        }}
        onViewChange={rememberMapView}
        notice={
          <SuspenseAfterHydration fallback={null}>
            <PositionNotice
              position={position}
              locating={locating}
              onLocateMe={showMyPosition}
              className="mx-3 mt-2"
            />
          </SuspenseAfterHydration>
        }
        onSetManualPosition={userPosition.setManualPosition}
        renderSearch={(slot) => (
          <Suspense fallback={null}>
            <SearchBox
              center={slot.center}
              origin={position}
              inputId={SEARCH_INPUT_ID}
              onChoose={slot.onChoose}
              onChooseTown={slot.onChooseTown}
            />
          </Suspense>
        )}
        renderMapActions={(view) => <AddPlaceLink to={paths.addLocation} center={view.center} />}
        renderConditions={(place) => (
          <SuspenseAfterHydration fallback={null}>
            <LiveConditions
              compact
              locationId={place.id}
              placeName={place.name}
              signedIn={me !== null}
              onSignIn={openSignIn}
              readPosition={userPosition.readPositionNow}
            />
          </SuspenseAfterHydration>
        )}
        renderSaveButton={(placeId) => (
          <SuspenseAfterHydration fallback={<span aria-hidden="true" className="h-11 w-11 shrink-0" />}>
            <SavePlaceButton placeId={placeId} me={me} onSignIn={openSignIn} variant="icon" />
          </SuspenseAfterHydration>
        )}
        onClearFilters={() => {
          setFilters({ radiusKm: UNLIMITED_RADIUS });
        }}
        filtersButton={
          <FiltersButton
            filters={filters}
            onClick={() => {
              sheet.open('filters');
            }}
          />
        }
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
