/**
 * The Leaflet map: tiles from the server's run-time config, the places in view, the
 * person's position, the search radius when one is set, and long-press to set a location.
 */
import 'leaflet/dist/leaflet.css';
import './map.css';
import type { LatLng, MapCluster, MapPoint } from '@playspot/core';
import type { Map as LeafletMap } from 'leaflet';
import { memo } from 'react';
import { Circle, MapContainer } from 'react-leaflet';
import { ConfiguredTileLayer } from '../../../components/configured-tile-layer.tsx';
import type { MapViewport } from '../api/get-viewport-places.ts';
import type { MapTarget, MapUserMarker } from '../types.ts';
import { ContainerSizeWatcher } from './container-size-watcher.tsx';
import { FollowFocus } from './follow-focus.tsx';
import { PlaceMarkers } from './place-markers.tsx';
import { SetPositionPopup } from './set-position-popup.tsx';
import { UserPositionLayer } from './user-position-layer.tsx';
import { ViewportWatcher } from './viewport-watcher.tsx';

export interface SearchArea {
  readonly center: LatLng;
  readonly radiusKm: number;
}

interface PlayMapProps {
  /** Where the map opens (read once, when it is made) and then follows. */
  readonly target: MapTarget;
  readonly me: MapUserMarker | null;
  readonly points: readonly MapPoint[];
  readonly clusters: readonly MapCluster[];
  readonly selectedId: string | null;
  readonly searchArea: SearchArea | null;
  readonly onSelect: (id: string) => void;
  readonly onViewportChange: (viewport: MapViewport, center: LatLng) => void;
  readonly onSetManualPosition: (point: LatLng) => void;
  /** Receives the Leaflet map once it exists (null when it goes), for the on-screen controls. */
  readonly onMapReady: (map: LeafletMap | null) => void;
}

/** Memoised: Leaflet's layers re-render only when what the map shows changes. */
export const PlayMap = memo(function PlayMap(props: PlayMapProps) {
  const { target, me, points, clusters, selectedId, searchArea, onSelect } = props;
  return (
    <MapContainer
      ref={props.onMapReady}
      center={target.center}
      zoom={target.zoom}
      zoomControl={false}
      className="playspot-map h-full w-full"
    >
      <ConfiguredTileLayer />
      {searchArea && (
        <Circle
          center={searchArea.center}
          radius={searchArea.radiusKm * 1000}
          interactive={false}
          pathOptions={{ color: '#c2410c', weight: 2, dashArray: '6 8', fillOpacity: 0.03 }}
        />
      )}
      <PlaceMarkers points={points} clusters={clusters} selectedId={selectedId} onSelect={onSelect} />
      {me && <UserPositionLayer me={me} />}
      <ContainerSizeWatcher />
      <FollowFocus target={target} />
      <ViewportWatcher onChange={props.onViewportChange} />
      <SetPositionPopup onSet={props.onSetManualPosition} />
    </MapContainer>
  );
});
