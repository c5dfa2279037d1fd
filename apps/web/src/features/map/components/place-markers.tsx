/**
 * The viewport's places as markers and its clusters as count bubbles. Markers are
 * keyboard buttons (Leaflet gives them tabindex and role); Enter or Space picks one.
 * Tapping a bubble zooms in on the places it holds.
 */
import type { MapCluster, MapPoint } from '@playspot/core';
import { point, type LeafletKeyboardEvent } from 'leaflet';
import { useMemo } from 'react';
import { Marker, useMap } from 'react-leaflet';
import { placeLatLng } from '../../../lib/lat-lng.ts';
import { clusterIcon, placeKind, placeMarkerIcon } from '../utils/marker-icons.ts';
import { prefersReducedMotion } from '../utils/motion.ts';

function isActivationKey(event: LeafletKeyboardEvent): boolean {
  return event.originalEvent.key === 'Enter' || event.originalEvent.key === ' ';
}

interface PlaceMarkerProps {
  readonly point: MapPoint;
  readonly selected: boolean;
  readonly onSelect: (id: string) => void;
}

function PlaceMarker({ point, selected, onSelect }: PlaceMarkerProps) {
  const icon = useMemo(
    () =>
      placeMarkerIcon({
        name: point.name,
        kind: placeKind(point.indoor),
        free: point.free,
        selected,
        live: point.conditions,
      }),
    [point.name, point.indoor, point.free, selected, point.conditions],
  );
  return (
    <Marker
      position={placeLatLng(point)}
      icon={icon}
      zIndexOffset={selected ? 1000 : 0}
      eventHandlers={{
        click: () => {
          onSelect(point.id);
        },
        keydown: (event: LeafletKeyboardEvent) => {
          if (!isActivationKey(event)) return;
          event.originalEvent.preventDefault();
          onSelect(point.id);
        },
      }}
    />
  );
}

function ClusterMarker({ cluster }: { readonly cluster: MapCluster }) {
  const map = useMap();
  const icon = useMemo(() => clusterIcon(cluster.count), [cluster.count]);
  const zoomIn = () => {
    const { west, south, east, north } = cluster.bounds;
    const target = map.getBoundsZoom(
      [
        [south, west],
        [north, east],
      ],
      false,
      point(48, 48),
    );
    // Always get at least one level closer, even when the bubble's places already fit.
    const zoom = Math.max(target, map.getZoom() + 1);
    const center = placeLatLng(cluster);
    if (prefersReducedMotion()) map.setView(center, zoom, { animate: false });
    else map.flyTo(center, zoom);
  };
  return (
    <Marker
      position={placeLatLng(cluster)}
      icon={icon}
      eventHandlers={{
        click: zoomIn,
        keydown: (event: LeafletKeyboardEvent) => {
          if (!isActivationKey(event)) return;
          event.originalEvent.preventDefault();
          zoomIn();
        },
      }}
    />
  );
}

interface PlaceMarkersProps {
  readonly points: readonly MapPoint[];
  readonly clusters: readonly MapCluster[];
  readonly selectedId: string | null;
  readonly onSelect: (id: string) => void;
}

export function PlaceMarkers({ points, clusters, selectedId, onSelect }: PlaceMarkersProps) {
  return (
    <>
      {clusters.map((cluster) => (
        <ClusterMarker key={`${cluster.latitude},${cluster.longitude},${cluster.count}`} cluster={cluster} />
      ))}
      {points.map((point) => (
        <PlaceMarker key={point.id} point={point} selected={point.id === selectedId} onSelect={onSelect} />
      ))}
    </>
  );
}
