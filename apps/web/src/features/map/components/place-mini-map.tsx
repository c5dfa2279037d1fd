/**
 * A small map of one place for its page: the app's tiles (config), the place as a marker,
 * no dragging or zooming (the page scrolls past it), and a way to the big map around it.
 * Loaded lazily by the page: Leaflet is not needed to read about a place.
 */
import 'leaflet/dist/leaflet.css';
import './map.css';
import { useTranslation } from 'react-i18next';
import { CircleMarker, MapContainer } from 'react-leaflet';
import { ConfiguredTileLayer } from '../../../components/configured-tile-layer.tsx';
import { placeLatLng } from '../../../lib/lat-lng.ts';

/** Close enough to see the streets around the place. */
const MINI_MAP_ZOOM = 16;

export function PlaceMiniMap({
  place,
}: {
  readonly place: { readonly name: string; readonly latitude: number; readonly longitude: number };
}) {
  const { t } = useTranslation('map');
  const position = placeLatLng(place);
  return (
    <section
      className="h-44 overflow-hidden rounded-2xl ring-1 ring-black/10"
      aria-label={t('miniMap', { name: place.name })}
    >
      <MapContainer
        center={position}
        zoom={MINI_MAP_ZOOM}
        zoomControl={false}
        dragging={false}
        scrollWheelZoom={false}
        doubleClickZoom={false}
        touchZoom={false}
        boxZoom={false}
        keyboard={false}
        className="playspot-map h-full w-full"
      >
        <ConfiguredTileLayer />
        <CircleMarker
          interactive={false}
          center={position}
          radius={10}
          pathOptions={{ color: '#ffffff', weight: 3, fillColor: '#c2410c', fillOpacity: 1 }}
        />
      </MapContainer>
    </section>
  );
}
