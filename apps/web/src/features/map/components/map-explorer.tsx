/**
 * The /MapView screen's map feature: the map with its markers and controls, and the panel
 * (bottom sheet on phones, side panel on desktops) with the nearby list or the picked place.
 * Filters, the person's position and the dialogs come in from the app layer.
 */
import {
  activeFilterCount,
  NEARBY_FAR_KM,
  UNLIMITED_RADIUS,
  type LatLng,
  type PlaceFilters,
  type PlaceSummary,
} from '@playspot/core';
import type { Map as LeafletMap } from 'leaflet';
import { lazy, useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { afterFirstScreen } from '../../../lib/after-first-screen.ts';
import type { MapViewport } from '../api/get-viewport-places.ts';
import { useMapMoves } from '../hooks/use-map-moves.ts';
import { useMapResults } from '../hooks/use-map-results.ts';
import { useOpenPlace, type OpenedFrom } from '../hooks/use-open-place.ts';
import type { ChosenTown, MapSearchSlot, MapTarget, MapUserMarker, MapView } from '../types.ts';
import type { DistanceOrigin } from '../utils/format-distance.ts';
import { panelSubtitle, panelTitle } from '../utils/panel-text.ts';
import { MapOverlays } from './map-overlays.tsx';
import { NearbyList } from './nearby-list.tsx';
import { OpenPlaceCard } from './open-place-card.tsx';
import { ResultsPanel } from './results-panel.tsx';
import { SuspenseAfterHydration } from '../../../components/suspense-after-hydration.tsx';

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

/** The map's ground colour while Leaflet loads, or waits for the terms (`mapWanted`). */
const MAP_PLACEHOLDER = <div className="h-full w-full bg-map" aria-hidden="true" />;
const NO_PLACES: readonly PlaceSummary[] = [];

interface MapExplorerProps {
  readonly filters: PlaceFilters;
  readonly me: MapUserMarker | null;
  readonly locating: boolean;
  /** The list and markers wait: the person's position may still come (core readsWaitForPosition). */
  readonly readsWait?: boolean;
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
  /** Shown above the list, e.g. the chosen town, or that the position is old or set by hand. */
  readonly notice?: ReactNode;
  /** Offered when even the nearest places are far: e.g. focus the search box. */
  readonly onSearchElsewhere?: () => void;
  /** 'Save to My places' for the open card's place (from the app layer: favourites is another feature). */
  readonly renderSaveButton?: (placeId: string) => ReactNode;
  /** The open place's live conditions and their report sheet (app layer: conditions). */
  readonly renderConditions?: (place: { readonly id: string; readonly name: string }) => ReactNode;
  /** The town chosen in the search (it is `target` then): the list measures from it (issue 45). */
  readonly town?: ChosenTown | null;
}

/** What the list is about: a link's centre or a chosen town, the person, or the map's middle. */
function framing(
  target: MapTarget,
  chosen: ChosenTown | null | undefined,
  located: boolean,
  filters: PlaceFilters,
) {
  const town = target.source === 'town' ? (chosen ?? null) : null;
  const distanceOrigin: DistanceOrigin = located ? 'you' : town ? 'town' : 'map-centre';
  return {
    town,
    aroundLink: target.source === 'link' || town !== null,
    distanceOrigin,
    hasFilters: activeFilterCount(filters) > 0 || filters.radiusKm !== UNLIMITED_RADIUS,
  };
}

export function MapExplorer(props: MapExplorerProps) {
  const { t, i18n } = useTranslation('map');
  const { filters, me, target, onSetManualPosition, onViewChange } = props;
  const [map, setMap] = useState<LeafletMap | null>(null);
  const [viewport, setViewport] = useState<MapViewport | null>(null);
  // Until the map has drawn (its code loads after the list), it is where it will open.
  const [mapCenter, setMapCenter] = useState<LatLng>(target.center);
  const { selectedId, closeCard, heldCenter, snap, setSnap, select } = useOpenPlace();
  const results = useMapResults({
    filters,
    target,
    mapCenter,
    heldCenter,
    viewport,
    selectedId,
    readsWait: props.readsWait ?? false,
  });
  const {
    located,
    origin,
    listCenter,
    nearby,
    listData,
    listLoading,
    allEntries,
    sections,
    markers,
    markerState,
  } = results;
  const entries = sections.near;
  const selectHere = useCallback(
    (id: string, source: OpenedFrom) => {
      select(id, source, listCenter);
    },
    [select, listCenter],
  );
  const moves = useMapMoves({ map, points: markers.points, allEntries, select: selectHere });
  const { refetch: refetchNearby } = nearby;
  const retryList = useCallback(() => void refetchNearby(), [refetchNearby]);
  const onViewportChange = useCallback(
    (next: MapViewport, center: LatLng) => {
      setViewport(next);
      setMapCenter(center);
      onViewChange?.({ center, zoom: next.zoom });
    },
    [onViewChange],
  );

  // "50+" only while every place fetched is near: otherwise the list ends within its radius.
  const more = nearby.data?.nextCursor != null && entries.length === allEntries.length;
  const { town, aroundLink, distanceOrigin, hasFilters } = framing(target, props.town, located, filters);
  // Even the nearest place is far from the person: say so rather than "near you".
  const nearestKm = allEntries[0]?.distanceKm ?? null;
  const farFromEverything = located && nearestKm !== null && nearestKm > NEARBY_FAR_KM;

  return (
    // The panel comes first in the page (the desktop's reading order, and the list before the
    // map for keyboards); on phones it floats over the map's bottom as a sheet.
    <div className="relative flex h-full flex-col overflow-hidden lg:flex-row">
      <ResultsPanel
        title={panelTitle(t, { aroundLink, farFromEverything, located })}
        subtitle={panelSubtitle(t, i18n.language, {
          loading: listLoading,
          failed: nearby.isError && allEntries.length === 0,
          count: entries.length,
          further: sections.further.length,
          radiusKm: sections.radiusKm,
          more,
          located,
          town: town?.name ?? null,
        })}
        headerAction={props.filtersButton}
        snap={snap}
        onSnapChange={setSnap}
      >
        {selectedId !== null ? (
          <OpenPlaceCard
            id={selectedId}
            listed={allEntries.find((entry) => entry.place.id === selectedId) ?? null}
            origin={origin}
            distanceOrigin={distanceOrigin}
            onClose={closeCard}
            renderSaveButton={props.renderSaveButton}
            renderConditions={props.renderConditions}
          />
        ) : (
          <>
            {props.notice}
            {farFromEverything && (
              <SuspenseAfterHydration fallback={null}>
                <FarAwayNotice nearestKm={nearestKm} onSearchElsewhere={props.onSearchElsewhere} />
              </SuspenseAfterHydration>
            )}
            <NearbyList
              entries={entries}
              further={sections.further}
              distanceOrigin={distanceOrigin}
              loading={listLoading}
              fetching={nearby.fetchStatus === 'fetching'}
              failed={nearby.isError}
              onRetry={retryList}
              filters={filters}
              onClearFilters={hasFilters ? props.onClearFilters : null}
              onSearchTown={located || town ? null : (props.onSearchElsewhere ?? null)}
              onSelect={moves.selectFromList}
              saysWhenEmpty={!farFromEverything}
            />
          </>
        )}
      </ResultsPanel>
      <section
        aria-label={t('mapLabel')}
        className="relative isolate min-h-0 flex-1"
        // Where the map rests, for the browser tests (Leaflet keeps its centre out of the DOM).
        data-center={map ? `${mapCenter.lat.toFixed(6)},${mapCenter.lng.toFixed(6)}` : undefined}
      >
        <SuspenseAfterHydration fallback={MAP_PLACEHOLDER}>
          {props.mapWanted === false ? (
            MAP_PLACEHOLDER
          ) : (
            <PlayMap
              target={target}
              me={me}
              points={markers.points}
              clusters={markers.clusters}
              selectedId={selectedId}
              searchArea={results.searchArea}
              onSelect={moves.selectFromMap}
              onViewportChange={onViewportChange}
              onSetManualPosition={onSetManualPosition}
              onMapReady={setMap}
            />
          )}
        </SuspenseAfterHydration>
        <MapOverlays
          map={map}
          mapCenter={mapCenter}
          me={me}
          places={listData?.items ?? NO_PLACES}
          listLoading={listLoading}
          age={filters.ageRange}
          markers={markerState}
          locating={props.locating}
          onLocateMe={props.onLocateMe}
          onSetManualPosition={onSetManualPosition}
          onShowPlace={moves.showFromRightNow}
          search={moves.search}
          renderSearch={props.renderSearch}
          renderMapActions={props.renderMapActions}
        />
      </section>
    </div>
  );
}
