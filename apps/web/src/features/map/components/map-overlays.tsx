/**
 * What floats over the /MapView map: the search box, "Right now", the markers' loading
 * state, the map's own buttons (with the page's extra actions above them) and, while the
 * person sets their position by hand, the crosshair overlay.
 */
import type { AgeRange, LatLng, PlaceSummary } from '@playspot/core';
import type { Map as LeafletMap } from 'leaflet';
import { lazy, memo, useCallback, useState, type ReactNode } from 'react';
import { afterFirstScreen } from '../../../lib/after-first-screen.ts';
import type { MapSearchSlot, MapUserMarker } from '../types.ts';
import { MapControls } from './map-controls.tsx';
import { SuspenseAfterHydration } from '../../../components/suspense-after-hydration.tsx';

/** Over the map, which loads after the list: loading or failed markers. */
const MapStatusPill = lazy(async () => ({ default: (await import('./map-status-pill.tsx')).MapStatusPill }));
/** Setting the position by hand: only after its button, so not before the list. */
const PickPositionOverlay = lazy(async () => ({
  default: (await import('./pick-position-overlay.tsx')).PickPositionOverlay,
}));
/** "Right now" (issue 33): its button comes with the map, after the first screen. */
const RightNowButton = lazy(async () => {
  await afterFirstScreen();
  return { default: (await import('./right-now-button.tsx')).RightNowButton };
});

interface MapOverlaysProps {
  readonly map: LeafletMap | null;
  readonly mapCenter: LatLng;
  readonly me: MapUserMarker | null;
  /** The nearby list's places, for "Right now". */
  readonly places: readonly PlaceSummary[];
  readonly listLoading: boolean;
  readonly age: AgeRange | '' | undefined;
  /** The viewport's markers: loading, failed, and how to ask again. */
  readonly markers: {
    readonly loading: boolean;
    readonly failed: boolean;
    /** Whether the map has places to show here (offline: saved ones). */
    readonly shown: boolean;
    readonly retry: () => void;
  };
  readonly locating: boolean;
  readonly onLocateMe: () => void;
  readonly onSetManualPosition: (point: LatLng) => void;
  readonly onShowPlace: (place: LatLng & { readonly id: string }) => void;
  readonly search: Omit<MapSearchSlot, 'center'>;
  readonly renderSearch: ((slot: MapSearchSlot) => ReactNode) | undefined;
  readonly renderMapActions: ((view: { readonly center: LatLng }) => ReactNode) | undefined;
}

/** Memoised: the map's page redraws it only when what floats over the map changes (issue 42). */
export const MapOverlays = memo(function MapOverlays({
  map,
  mapCenter,
  onSetManualPosition,
  ...props
}: MapOverlaysProps) {
  const [picking, setPicking] = useState(false);
  const startPicking = useCallback(() => {
    setPicking(true);
  }, []);
  const belowSearch = props.renderSearch ? 'top-[4.5rem]' : 'top-3';

  return (
    <>
      {props.renderSearch && (
        <div className="absolute top-3 end-[4.75rem] start-3 z-[560] lg:end-auto lg:w-96">
          {props.renderSearch({ center: mapCenter, ...props.search })}
        </div>
      )}
      <div className={`pointer-events-none absolute start-3 z-[555] ${belowSearch}`}>
        <SuspenseAfterHydration fallback={null}>
          <RightNowButton
            from={props.me}
            places={props.places}
            loading={props.listLoading}
            age={props.age}
            onLocateMe={props.onLocateMe}
            onSetByHand={startPicking}
            onShowPlace={props.onShowPlace}
          />
        </SuspenseAfterHydration>
      </div>
      <div
        className={`pointer-events-none absolute inset-x-0 z-[550] flex justify-center pe-20 ps-40 lg:px-20 ${belowSearch}`}
      >
        <SuspenseAfterHydration fallback={null}>
          <MapStatusPill
            loading={props.markers.loading}
            failed={props.markers.failed}
            shown={props.markers.shown}
            onRetry={props.markers.retry}
          />
        </SuspenseAfterHydration>
      </div>
      <div className="pointer-events-none absolute top-3 end-3 z-[550] flex flex-col items-end gap-3">
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
        <SuspenseAfterHydration fallback={null}>
          <PickPositionOverlay
            onCancel={() => {
              setPicking(false);
            }}
            onConfirm={() => {
              if (map) onSetManualPosition({ lat: map.getCenter().lat, lng: map.getCenter().lng });
              setPicking(false);
            }}
          />
        </SuspenseAfterHydration>
      )}
    </>
  );
});
