/**
 * The /MapView screen's map feature: the map with its markers and controls, and the panel
 * (bottom sheet on phones, side panel on desktops) with the nearby list or the picked place.
 * Filters, the person's position and the dialogs come in from the app layer.
 */
import {
  activeFilterCount,
  DEFAULT_MAP_CENTER,
  haversineKm,
  UNLIMITED_RADIUS,
  type LatLng,
  type LocationFilters,
} from '@playspot/core';
import { latLng, point, type Map as LeafletMap } from 'leaflet';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { trackViewLocation } from '../../../lib/analytics/analytics.ts';
import { useLocationDetails } from '../api/get-location.ts';
import { useNearbyLocations } from '../api/get-nearby-locations.ts';
import { useEventsToday } from '../api/get-events-today.ts';
import { useViewportLocations, type MapViewport } from '../api/get-viewport-locations.ts';
import type { SheetSnap } from '../hooks/use-sheet-drag.ts';
import type { MapUserMarker } from '../types.ts';
import { nearbyEntries, roundCenter, visibleMarkers } from '../utils/derive-results.ts';
import { prefersReducedMotion } from '../utils/motion.ts';
import { revealPlace, sheetCoversMap } from '../utils/reveal-place.ts';
import { LocationCard, LocationCardSkeleton } from './location-card.tsx';
import { MapControls } from './map-controls.tsx';
import { MapStatusPill } from './map-status-pill.tsx';
import { NearbyList } from './nearby-list.tsx';
import { PickLocationOverlay } from './pick-location-overlay.tsx';
import { PlayMap } from './play-map.tsx';
import { ResultsPanel } from './results-panel.tsx';

/** A place chosen in the search is shown at street level at least. */
const SEARCH_RESULT_ZOOM = 16;

interface MapExplorerProps {
  readonly filters: LocationFilters;
  readonly me: MapUserMarker | null;
  readonly locating: boolean;
  readonly onLocateMe: () => void;
  readonly onSetManualPosition: (point: LatLng) => void;
  readonly onClearFilters: () => void;
  /** The filters button, shown in the panel's header. */
  readonly filtersButton: ReactNode;
  /** Extra buttons above the map controls (e.g. 'Add a play spot'), told the view's centre. */
  readonly renderMapActions?: (view: { readonly center: LatLng }) => ReactNode;
  /** A search box over the map, told the view's centre; choosing a result opens it here. */
  readonly renderSearch?: (slot: MapSearchSlot) => ReactNode;
}

/** What the map gives a search box: where the view is, and how to show a chosen place. */
export interface MapSearchSlot {
  readonly center: LatLng;
  readonly onChoose: (place: {
    readonly id: string;
    readonly latitude: number;
    readonly longitude: number;
  }) => void;
}

export function MapExplorer(props: MapExplorerProps) {
  const { filters, me, onSetManualPosition } = props;
  const [map, setMap] = useState<LeafletMap | null>(null);
  const [viewport, setViewport] = useState<MapViewport | null>(null);
  const [mapCenter, setMapCenter] = useState<LatLng>(DEFAULT_MAP_CENTER);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // While a place is open the list's centre holds still: bringing the place into view pans
  // the map, and distances should not all shift under the card.
  const [heldCenter, setHeldCenter] = useState<LatLng | null>(null);
  const [snap, setSnap] = useState<SheetSnap>('peek');
  const [picking, setPicking] = useState(false);

  // The list is about the person's surroundings when we know them, else about the map's centre.
  const centerLat = me?.lat ?? heldCenter?.lat ?? mapCenter.lat;
  const centerLng = me?.lng ?? heldCenter?.lng ?? mapCenter.lng;
  const listCenter = useMemo(() => roundCenter({ lat: centerLat, lng: centerLng }), [centerLat, centerLng]);
  const nearby = useNearbyLocations(listCenter, filters);
  const inView = useViewportLocations(viewport, filters);

  const entries = useMemo(
    () => nearbyEntries(nearby.data?.items ?? [], filters, listCenter, new Date()),
    [nearby.data, filters, listCenter],
  );
  const markers = useMemo(
    () => visibleMarkers(inView.data, filters, listCenter),
    [inView.data, filters, listCenter],
  );

  // Today's events for every place on screen (and the open one) in a single request.
  const eventLocationIds = useMemo(
    () => [...markers.points.map((point) => point.id), ...(selectedId === null ? [] : [selectedId])],
    [markers.points, selectedId],
  );
  const eventsToday = useEventsToday(eventLocationIds);

  const listed = entries.find((entry) => entry.location.id === selectedId) ?? null;
  const details = useLocationDetails(listed === null ? selectedId : null);
  const selectedLocation = listed?.location ?? details.data ?? null;

  const select = useCallback(
    (id: string, source: 'map_marker' | 'list' | 'search') => {
      trackViewLocation(id, source);
      setHeldCenter((held) => held ?? listCenter);
      setSelectedId(id);
      setSnap((current) => (current === 'peek' ? 'half' : current));
    },
    [listCenter],
  );
  const closeCard = () => {
    setSelectedId(null);
    setHeldCenter(null);
  };
  const selectFromMap = (id: string) => {
    const picked = markers.points.find((candidate) => candidate.id === id);
    // On a desktop the marker stays where it was tapped; on a phone the sheet would hide it.
    if (map && picked && sheetCoversMap()) revealPlace(map, { lat: picked.latitude, lng: picked.longitude });
    select(id, 'map_marker');
  };
  const selectFromList = (id: string) => {
    const entry = entries.find((candidate) => candidate.location.id === id);
    if (map && entry) revealPlace(map, { lat: entry.location.latitude, lng: entry.location.longitude });
    select(id, 'list');
  };
  const chooseSearchResult: MapSearchSlot['onChoose'] = (place) => {
    if (map) {
      const zoom = Math.max(map.getZoom(), SEARCH_RESULT_ZOOM);
      let target = latLng(place.latitude, place.longitude);
      // On phones the half-open sheet covers the lower half: aim a quarter down instead.
      if (sheetCoversMap()) {
        target = map.unproject(map.project(target, zoom).add(point(0, map.getSize().y * 0.25)), zoom);
      }
      if (prefersReducedMotion()) map.setView(target, zoom);
      else map.flyTo(target, zoom, { duration: 0.6 });
    }
    select(place.id, 'search');
  };
  const onViewportChange = useCallback((next: MapViewport, center: LatLng) => {
    setViewport(next);
    setMapCenter(center);
  }, []);

  const radiusKm = filters.radiusKm ?? UNLIMITED_RADIUS;
  const hasFilters = activeFilterCount(filters) > 0 || radiusKm !== UNLIMITED_RADIUS;
  const more = nearby.data?.nextCursor != null;
  const distanceOrigin = me ? 'you' : 'map-centre';

  return (
    // The panel comes first in the page (the desktop's reading order, and the list before the
    // map for keyboards); on phones it floats over the map's bottom as a sheet.
    <div className="relative flex h-full flex-col overflow-hidden lg:flex-row">
      <ResultsPanel
        title={me ? 'Play spots near you' : 'Play spots nearby'}
        subtitle={panelSubtitle({
          loading: nearby.isPending,
          failed: nearby.isError && entries.length === 0,
          count: entries.length,
          more,
          located: me !== null,
        })}
        headerAction={props.filtersButton}
        snap={snap}
        onSnapChange={setSnap}
      >
        {selectedId !== null ? (
          selectedLocation ? (
            <LocationCard
              location={selectedLocation}
              todayEvents={eventsToday.data?.[selectedLocation.id] ?? []}
              distanceOrigin={distanceOrigin}
              distanceKm={
                listed?.distanceKm ??
                haversineKm(listCenter, { lat: selectedLocation.latitude, lng: selectedLocation.longitude })
              }
              onClose={closeCard}
            />
          ) : (
            <LocationCardSkeleton onClose={closeCard} />
          )
        ) : (
          <NearbyList
            entries={entries}
            distanceOrigin={distanceOrigin}
            loading={nearby.isPending}
            failed={nearby.isError}
            onRetry={() => void nearby.refetch()}
            onClearFilters={hasFilters ? props.onClearFilters : null}
            onSelect={selectFromList}
          />
        )}
      </ResultsPanel>
      <section aria-label="Map of play spots" className="relative isolate min-h-0 flex-1">
        <PlayMap
          initialCenter={DEFAULT_MAP_CENTER}
          me={me}
          points={markers.points}
          clusters={markers.clusters}
          selectedId={selectedId}
          searchArea={radiusKm === null ? null : { center: listCenter, radiusKm }}
          onSelect={selectFromMap}
          onViewportChange={onViewportChange}
          onSetManualPosition={onSetManualPosition}
          onMapReady={setMap}
        />
        {props.renderSearch && (
          <div className="absolute top-3 right-[4.75rem] left-3 z-[560] lg:right-auto lg:w-96">
            {props.renderSearch({ center: mapCenter, onChoose: chooseSearchResult })}
          </div>
        )}
        <div
          className={`pointer-events-none absolute inset-x-0 z-[550] flex justify-center px-20 ${props.renderSearch ? 'top-[4.5rem]' : 'top-3'}`}
        >
          <MapStatusPill
            loading={inView.isFetching}
            failed={inView.isError}
            onRetry={() => void inView.refetch()}
          />
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
          <PickLocationOverlay
            onCancel={() => {
              setPicking(false);
            }}
            onConfirm={() => {
              if (map) onSetManualPosition({ lat: map.getCenter().lat, lng: map.getCenter().lng });
              setPicking(false);
            }}
          />
        )}
      </section>
    </div>
  );
}

interface PanelState {
  readonly loading: boolean;
  readonly failed: boolean;
  readonly count: number;
  readonly more: boolean;
  readonly located: boolean;
}

function panelSubtitle(state: PanelState): string {
  if (state.loading) return 'Looking around…';
  if (state.failed) return 'Not loaded';
  if (state.count === 0) return 'Nothing found here yet';
  const count = `${state.count}${state.more ? '+' : ''} ${state.count === 1 ? 'place' : 'places'}`;
  return state.located ? `${count} · nearest first` : `${count} around the map centre`;
}
