/**
 * The /MapView screen's map feature: the map with its markers and controls, and the panel
 * (bottom sheet on phones, side panel on desktops) with the nearby list or the picked place.
 * Filters, the person's position and the dialogs come in from the app layer.
 */
import {
  activeFilterCount,
  distanceKm,
  focusIsThePerson,
  isFixedFocus,
  NEARBY_FAR_KM,
  nearbySections,
  UNLIMITED_RADIUS,
  type LatLng,
  type LocationFilters,
  type LocationSummary,
} from '@playspot/core';
import type { TFunction } from 'i18next';
import type { LatLngExpression, Map as LeafletMap } from 'leaflet';
import {
  lazy,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { afterFirstScreen } from '../../../lib/after-first-screen.ts';
import { trackViewLocation } from '../../../lib/analytics/analytics.ts';
import { localDistance, localNumber } from '../../../lib/i18n/format.ts';
import { placeLatLng } from '../../../lib/lat-lng.ts';
import { useSearchParamState } from '../../../lib/use-search-param-state.ts';
import { useLocationDetails } from '../../../lib/api/get-location.ts';
import { useNearbyLocations } from '../api/get-nearby-locations.ts';
import { useViewportLocations, type MapViewport } from '../api/get-viewport-locations.ts';
import type { SheetSnap } from '../hooks/use-sheet-drag.ts';
import type { MapTarget, MapUserMarker } from '../types.ts';
import { markersApart, nearbyEntries, roundCenter, visibleMarkers } from '../utils/derive-results.ts';
import { summaryOfLocation } from '../utils/summary-of-location.ts';
import { prefersReducedMotion } from '../utils/motion.ts';
import { revealPlace, sheetCoversMap } from '../utils/reveal-place.ts';
import { LocationCardSkeleton } from './location-card-skeleton.tsx';
import { MapControls } from './map-controls.tsx';
import { NearbyList } from './nearby-list.tsx';
import { ResultsPanel } from './results-panel.tsx';

/**
 * Leaflet and the map's layers load once the first screen is interactive (issue 28): on a
 * slow network the list of nearby places is what a parent reads first, and Leaflet is the
 * largest single library.
 */
const PlayMap = lazy(async () => {
  await afterFirstScreen();
  return { default: (await import('./play-map.tsx')).PlayMap };
});
/** Shown only when even the nearest place is far: not part of the list's first paint. */
const FarAwayNotice = lazy(async () => ({ default: (await import('./far-away-notice.tsx')).FarAwayNotice }));
/** Over the map, which loads after the list: loading or failed markers. */
const MapStatusPill = lazy(async () => ({ default: (await import('./map-status-pill.tsx')).MapStatusPill }));
/** Setting the position by hand: only after its button, so not before the list. */
const PickLocationOverlay = lazy(async () => ({
  default: (await import('./pick-location-overlay.tsx')).PickLocationOverlay,
}));
/** "Right now" (issue 33): its button comes with the map, after the first screen. */
const RightNowButton = lazy(async () => {
  await afterFirstScreen();
  return { default: (await import('./right-now-button.tsx')).RightNowButton };
});
/** The picked place's card: only after a tap, so not before the list. */
const LocationCard = lazy(async () => ({ default: (await import('./location-card.tsx')).LocationCard }));

const NO_PLACES: readonly LocationSummary[] = [];

/** The query parameter naming the place whose card is open. */
export const SELECTED_PLACE_PARAM = 'place';

/** A place chosen in the search is shown at street level at least. */
const SEARCH_RESULT_ZOOM = 16;
/** A town chosen in the search shows its streets and playgrounds. */
const TOWN_ZOOM = 13;

interface MapExplorerProps {
  readonly filters: LocationFilters;
  readonly me: MapUserMarker | null;
  readonly locating: boolean;
  readonly onLocateMe: () => void;
  /**
   * False while the terms dialog covers the screen on a first visit: Leaflet (about 50 KB) then
   * waits for the parent to go on, and the first visit downloads only what it shows (issue 28).
   */
  readonly mapWanted?: boolean;
  readonly onSetManualPosition: (point: LatLng) => void;
  readonly onClearFilters: () => void;
  /** The filters button, shown in the panel's header. */
  readonly filtersButton: ReactNode;
  /** Extra buttons above the map controls (e.g. 'Add a play spot'), told the view's centre. */
  readonly renderMapActions?: (view: { readonly center: LatLng }) => ReactNode;
  /** A search box over the map, told the view's centre; choosing a result opens it here. */
  readonly renderSearch?: (slot: MapSearchSlot) => ReactNode;
  /**
   * Where the map and the list look (core chooseMapFocus): the map opens there and follows it;
   * the list measures from it when it is a fixed point (a link's centre, the person), else
   * from wherever the map rests.
   */
  readonly target: MapTarget;
  /** Told where the map rests after each pan or zoom (to remember it on the device). */
  readonly onViewChange?: (view: MapView) => void;
  /** Shown above the list, e.g. that the position is old or set by hand. */
  readonly notice?: ReactNode;
  /** Offered when even the nearest places are far: e.g. focus the search box. */
  readonly onSearchElsewhere?: () => void;
  /** 'Save to My places' for the open card's place (from the app layer: favourites is another feature). */
  readonly renderSaveButton?: (placeId: string) => ReactNode;
  /** The open place's live conditions and their report sheet (app layer: conditions). */
  readonly renderConditions?: (place: { readonly id: string; readonly name: string }) => ReactNode;
}

/** A map view to open at or remember: its centre and zoom. */
export interface MapView {
  readonly center: LatLng;
  readonly zoom: number;
}

/** What the map gives a search box: where the view is, and how to show a chosen place. */
export interface MapSearchSlot {
  readonly center: LatLng;
  readonly onChoose: (place: {
    readonly id: string;
    readonly latitude: number;
    readonly longitude: number;
  }) => void;
  /** A town or suburb chosen in the search (issue 33): the map moves there, nothing opens. */
  readonly onChooseTown: (town: LatLng) => void;
}

export function MapExplorer(props: MapExplorerProps) {
  const { t, i18n } = useTranslation('map');
  const { filters, me, target, onSetManualPosition, onViewChange } = props;
  const [map, setMap] = useState<LeafletMap | null>(null);
  const [viewport, setViewport] = useState<MapViewport | null>(null);
  // Until the map has drawn (its code loads after the list), it is where it will open.
  const [mapCenter, setMapCenter] = useState<LatLng>(target.center);
  // The open place is in the URL (?place=…): Back closes the card before it leaves the map,
  // and coming back from the place's page (or a reload) finds the card open again.
  const { value: selectedId, open: openPlace, close: closeCard } = useSearchParamState(SELECTED_PLACE_PARAM);
  // While a place is open the list's centre holds still: bringing the place into view pans
  // the map, and distances should not all shift under the card.
  const [heldCenter, setHeldCenter] = useState<LatLng | null>(null);
  const [snap, setSnap] = useState<SheetSnap>('peek');
  const [picking, setPicking] = useState(false);

  // The list is about the same spot as the map: a link's centre or the person (where the map
  // goes too), else the map's own centre (held still while a card is open).
  const fixed = isFixedFocus(target.source);
  const aroundLink = target.source === 'link';
  const located = focusIsThePerson(target.source);
  const centerLat = fixed ? target.center.lat : (heldCenter?.lat ?? mapCenter.lat);
  const centerLng = fixed ? target.center.lng : (heldCenter?.lng ?? mapCenter.lng);
  // Requests use the centre rounded to ~110 m, so small moves reuse the answer; distances are
  // measured from the exact point, so every screen shows the same one (core distanceKm).
  const origin = useMemo(() => ({ lat: centerLat, lng: centerLng }), [centerLat, centerLng]);
  const listCenter = useMemo(() => roundCenter(origin), [origin]);
  const nearby = useNearbyLocations(listCenter, filters);
  const inView = useViewportLocations(viewport, filters);

  // New answers reach the list and the markers through a background render that React
  // splits into short slices: 50 list items and up to 300 markers drawn in one go would
  // block a mid-range phone's main thread for hundreds of milliseconds.
  const listData = useDeferredValue(nearby.data);
  const viewData = useDeferredValue(inView.data);
  // Until the first answer has been drawn the list shows its skeleton, not "nothing here".
  const listLoading = nearby.isPending || (nearby.data !== undefined && listData === undefined);
  const allEntries = useMemo(
    () => nearbyEntries(listData?.items ?? [], filters, origin),
    [listData, filters, origin],
  );
  // Near means near (core nearbySections): the default radius, then "further away"; places
  // on another continent are never listed as near.
  const sections = useMemo(
    () => nearbySections(allEntries, filters.radiusKm),
    [allEntries, filters.radiusKm],
  );
  const entries = sections.near;
  const viewZoom = viewport?.zoom ?? null;
  const markers = useMemo(() => {
    const shown = visibleMarkers(viewData, filters, listCenter);
    return viewZoom === null ? shown : markersApart(shown, viewZoom, selectedId);
  }, [viewData, filters, listCenter, viewZoom, selectedId]);

  const listed = allEntries.find((entry) => entry.location.id === selectedId) ?? null;
  // The card shows the listed summary at once; the full place (description, tags) follows,
  // and is then already loaded (and kept for offline use) when its page opens.
  const details = useLocationDetails(selectedId);
  const selectedLocation = useMemo(
    () => listed?.location ?? (details.data ? summaryOfLocation(details.data) : null),
    [listed, details.data],
  );

  const select = useCallback(
    (id: string, source: 'map_marker' | 'list' | 'search') => {
      trackViewLocation(id, source);
      setHeldCenter((held) => held ?? listCenter);
      openPlace(id);
      setSnap((current) => (current === 'peek' ? 'half' : current));
    },
    [listCenter, openPlace],
  );
  // However the card closed (its button, or Back), the list follows the map again; a card
  // opened from the URL rises with the sheet.
  useEffect(() => {
    if (selectedId === null) setHeldCenter(null);
    else setSnap((current) => (current === 'peek' ? 'half' : current));
  }, [selectedId]);
  // Stable callbacks (and props below), so the list and the map re-render only when what
  // they show changes.
  const selectFromMap = useCallback(
    (id: string) => {
      const picked = markers.points.find((candidate) => candidate.id === id);
      // On a desktop the marker stays where it was tapped; on a phone the sheet would hide it.
      if (map && picked && sheetCoversMap()) revealPlace(map, placeLatLng(picked));
      select(id, 'map_marker');
    },
    [map, markers.points, select],
  );
  const selectFromList = useCallback(
    (id: string) => {
      const entry = allEntries.find((candidate) => candidate.location.id === id);
      if (map && entry) revealPlace(map, entry.location);
      select(id, 'list');
    },
    [map, allEntries, select],
  );
  // "Right now" shows a place the way the list does: the map goes there and its card opens.
  const showFromRightNow = useCallback(
    (place: LatLng & { readonly id: string }) => {
      if (map) revealPlace(map, place);
      select(place.id, 'list');
    },
    [map, select],
  );
  const startPicking = useCallback(() => {
    setPicking(true);
  }, []);
  const { refetch: refetchNearby } = nearby;
  const retryList = useCallback(() => void refetchNearby(), [refetchNearby]);
  const chooseSearchResult: MapSearchSlot['onChoose'] = (place) => {
    if (map) {
      const zoom = Math.max(map.getZoom(), SEARCH_RESULT_ZOOM);
      let target: LatLngExpression = placeLatLng(place);
      // On phones the half-open sheet covers the lower half: aim a quarter down instead.
      if (sheetCoversMap()) {
        target = map.unproject(map.project(target, zoom).add([0, map.getSize().y * 0.25]), zoom);
      }
      if (prefersReducedMotion()) map.setView(target, zoom);
      else map.flyTo(target, zoom, { duration: 0.6 });
    }
    select(place.id, 'search');
  };
  // A town chosen before the map has loaded (it comes after the first screen) is shown once
  // it has: choosing one must never do nothing.
  const pendingTown = useRef<LatLng | null>(null);
  useEffect(() => {
    const town = pendingTown.current;
    if (!map || !town) return;
    pendingTown.current = null;
    map.setView(town, TOWN_ZOOM, { animate: false });
  }, [map]);
  const chooseTown: MapSearchSlot['onChooseTown'] = (town) => {
    if (!map) {
      pendingTown.current = town;
      return;
    }
    if (prefersReducedMotion()) map.setView(town, TOWN_ZOOM);
    else map.flyTo(town, TOWN_ZOOM, { duration: 0.8 });
  };
  const onViewportChange = useCallback(
    (next: MapViewport, center: LatLng) => {
      setViewport(next);
      setMapCenter(center);
      onViewChange?.({ center, zoom: next.zoom });
    },
    [onViewChange],
  );

  const { radiusKm } = filters;
  const searchArea = useMemo(
    () => (radiusKm === UNLIMITED_RADIUS ? null : { center: listCenter, radiusKm }),
    [radiusKm, listCenter],
  );
  const hasFilters = activeFilterCount(filters) > 0 || radiusKm !== UNLIMITED_RADIUS;
  // "50+" only while every place fetched is near: otherwise the list ends within its radius.
  const more = nearby.data?.nextCursor != null && entries.length === allEntries.length;
  const distanceOrigin = located ? 'you' : 'map-centre';
  // Even the nearest place is far from the person: say so rather than "near you".
  const nearestKm = allEntries[0]?.distanceKm ?? null;
  const farFromEverything = located && nearestKm !== null && nearestKm > NEARBY_FAR_KM;

  return (
    // The panel comes first in the page (the desktop's reading order, and the list before the
    // map for keyboards); on phones it floats over the map's bottom as a sheet.
    <div className="relative flex h-full flex-col overflow-hidden lg:flex-row">
      <ResultsPanel
        title={
          aroundLink
            ? t('title.aroundHere')
            : farFromEverything
              ? t('title.nearest')
              : located
                ? t('title.nearYou')
                : t('title.nearby')
        }
        subtitle={panelSubtitle(t, i18n.language, {
          loading: listLoading,
          failed: nearby.isError && allEntries.length === 0,
          count: entries.length,
          further: sections.further.length,
          radiusKm: sections.radiusKm,
          more,
          located,
        })}
        headerAction={props.filtersButton}
        snap={snap}
        onSnapChange={setSnap}
      >
        {selectedId !== null ? (
          selectedLocation ? (
            <Suspense fallback={<LocationCardSkeleton onClose={closeCard} />}>
              <LocationCard
                location={selectedLocation}
                details={details.data}
                distanceOrigin={distanceOrigin}
                distanceKm={listed?.distanceKm ?? distanceKm(origin, selectedLocation)}
                onClose={closeCard}
                saveButton={props.renderSaveButton?.(selectedLocation.id)}
                conditions={props.renderConditions?.(selectedLocation)}
              />
            </Suspense>
          ) : (
            <LocationCardSkeleton onClose={closeCard} />
          )
        ) : (
          <>
            {props.notice}
            {farFromEverything && (
              <Suspense fallback={null}>
                <FarAwayNotice nearestKm={nearestKm} onSearchElsewhere={props.onSearchElsewhere} />
              </Suspense>
            )}
            <NearbyList
              entries={entries}
              further={sections.further}
              distanceOrigin={distanceOrigin}
              loading={listLoading}
              failed={nearby.isError}
              onRetry={retryList}
              onClearFilters={hasFilters ? props.onClearFilters : null}
              onSelect={selectFromList}
            />
          </>
        )}
      </ResultsPanel>
      <section
        aria-label="Map of play spots"
        className="relative isolate min-h-0 flex-1"
        // Where the map rests, for the browser tests (Leaflet keeps its centre out of the DOM).
        data-center={map ? `${mapCenter.lat.toFixed(6)},${mapCenter.lng.toFixed(6)}` : undefined}
      >
        <Suspense fallback={<div className="h-full w-full bg-map" aria-hidden="true" />}>
          {props.mapWanted === false ? (
            <div className="h-full w-full bg-map" aria-hidden="true" />
          ) : (
            <PlayMap
              target={target}
              me={me}
              points={markers.points}
              clusters={markers.clusters}
              selectedId={selectedId}
              searchArea={searchArea}
              onSelect={selectFromMap}
              onViewportChange={onViewportChange}
              onSetManualPosition={onSetManualPosition}
              onMapReady={setMap}
            />
          )}
        </Suspense>
        {props.renderSearch && (
          <div className="absolute top-3 right-[4.75rem] left-3 z-[560] lg:right-auto lg:w-96">
            {props.renderSearch({
              center: mapCenter,
              onChoose: chooseSearchResult,
              onChooseTown: chooseTown,
            })}
          </div>
        )}
        <div
          className={`pointer-events-none absolute left-3 z-[555] ${props.renderSearch ? 'top-[4.5rem]' : 'top-3'}`}
        >
          <Suspense fallback={null}>
            <RightNowButton
              from={me}
              places={listData?.items ?? NO_PLACES}
              loading={listLoading}
              age={filters.ageRange}
              onLocateMe={props.onLocateMe}
              onSetByHand={startPicking}
              onShowPlace={showFromRightNow}
            />
          </Suspense>
        </div>
        <div
          className={`pointer-events-none absolute inset-x-0 z-[550] flex justify-center pr-20 pl-40 lg:px-20 ${props.renderSearch ? 'top-[4.5rem]' : 'top-3'}`}
        >
          <Suspense fallback={null}>
            <MapStatusPill
              loading={inView.isFetching}
              failed={inView.isError}
              onRetry={() => void inView.refetch()}
            />
          </Suspense>
        </div>
        <div className="pointer-events-none absolute top-3 right-3 z-[550] flex flex-col items-end gap-3">
          {props.renderMapActions?.({ center: mapCenter })}
          <MapControls
            map={map}
            locating={props.locating}
            picking={picking}
            onLocateMe={props.onLocateMe}
            onTogglePicking={() => {
              setPicking((current) => !current);
            }}
          />
        </div>
        {picking && (
          <Suspense fallback={null}>
            <PickLocationOverlay
              onCancel={() => {
                setPicking(false);
              }}
              onConfirm={() => {
                if (map) onSetManualPosition({ lat: map.getCenter().lat, lng: map.getCenter().lng });
                setPicking(false);
              }}
            />
          </Suspense>
        )}
      </section>
    </div>
  );
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

function panelSubtitle(t: TFunction<'map'>, language: string, state: PanelState): string {
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
