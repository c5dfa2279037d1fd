/**
 * /MapView (spec §2): composes the map feature with the filters, the person's location and
 * the location-permission dialog. Loaded lazily, so Leaflet is only fetched for the map.
 */
import { UNLIMITED_RADIUS } from '@playspot/core';
import { useMemo, useState } from 'react';
import { env } from '../../config/env.ts';
import { paths } from '../../config/paths.ts';
import { FiltersButton } from '../../features/filters/components/filters-button.tsx';
import { FiltersDialog } from '../../features/filters/components/filters-dialog.tsx';
import { useLocationFilters } from '../../features/filters/hooks/use-location-filters.ts';
import { LocationPermissionDialog } from '../../features/location/components/location-permission-dialog.tsx';
import { useUserLocation } from '../../features/location/hooks/use-user-location.ts';
import { accuracyCircleRadiusM } from '../../features/location/user-position.ts';
import { AddPlaceLink } from '../../features/contribute/components/add-place-link.tsx';
import { MapExplorer } from '../../features/map/components/map-explorer.tsx';
import type { MapUserMarker } from '../../features/map/types.ts';
import { SearchBox } from '../../features/search/components/search-box.tsx';
import { useTermsAcceptance } from '../../features/terms/hooks/use-terms-acceptance.tsx';

export function MapViewRoute() {
  const { accepted } = useTermsAcceptance();
  // The location prompt waits until the terms are accepted: one dialog at a time.
  const location = useUserLocation(accepted);
  const [filters, setFilters] = useLocationFilters();
  const [filtersOpen, setFiltersOpen] = useState(false);

  const { position } = location;
  const me = useMemo<MapUserMarker | null>(
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
    <div className="h-[calc(100dvh-4rem)]">
      <title>{`Map · ${env.productName}`}</title>
      <h1 className="sr-only">Play spots map</h1>
      <MapExplorer
        filters={filters}
        me={me}
        locating={location.status === 'locating' || location.status === 'checking'}
        onLocateMe={location.locateMe}
        onSetManualPosition={location.setManualPosition}
        renderSearch={(slot) => <SearchBox center={slot.center} onChoose={slot.onChoose} />}
        renderMapActions={(view) => <AddPlaceLink to={paths.addLocation} center={view.center} />}
        onClearFilters={() => {
          setFilters({ radiusKm: UNLIMITED_RADIUS });
        }}
        filtersButton={
          <FiltersButton
            filters={filters}
            onClick={() => {
              setFiltersOpen(true);
            }}
          />
        }
      />
      <FiltersDialog
        open={filtersOpen}
        onClose={() => {
          setFiltersOpen(false);
        }}
        filters={filters}
        onChange={setFilters}
      />
      <LocationPermissionDialog
        open={location.permissionDialogOpen}
        onContinue={location.continueFromDialog}
        onDismiss={location.dismissDialog}
      />
    </div>
  );
}
