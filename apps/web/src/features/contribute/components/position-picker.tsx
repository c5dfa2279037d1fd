/**
 * Where the place is: a small map with a pin fixed at its centre; moving the map (drag,
 * pinch, or arrow keys once focused) moves the place under the pin. This is easier on a
 * phone than dragging a small marker with a thumb.
 */
import 'leaflet/dist/leaflet.css';
import type { LatLng } from '@playspot/core';
import type { Map as LeafletMap } from 'leaflet';
import { LocateFixed, MapPin } from 'lucide-react';
import { useEffect, useState } from 'react';
import { MapContainer, useMapEvents, ZoomControl } from 'react-leaflet';
import { ConfiguredTileLayer } from '../../../components/configured-tile-layer.tsx';
import { FieldGroup } from '../../../components/ui/form-field.tsx';
import { fieldId } from '../utils/field-id.ts';
import { useTranslation } from 'react-i18next';

/** Close enough to tell one side of a park from the other. */
const PICKER_ZOOM = 17;

interface PositionPickerProps {
  readonly value: LatLng;
  readonly onChange: (position: LatLng) => void;
  /** A position to move the map to (the device's, when it arrives); each new object moves once. */
  readonly moveTo: LatLng | null;
  readonly onUseMyPosition?: (() => void) | undefined;
  readonly locating?: boolean;
  readonly error: string | undefined;
}

function CentreWatcher({ onChange }: { readonly onChange: (position: LatLng) => void }) {
  const map = useMapEvents({
    moveend: () => {
      const centre = map.getCenter();
      onChange({ lat: Number(centre.lat.toFixed(6)), lng: Number(centre.lng.toFixed(6)) });
    },
  });
  return null;
}

export function PositionPicker(props: PositionPickerProps) {
  const { t } = useTranslation('contribute');
  const { value, onChange, moveTo, error } = props;
  const [map, setMap] = useState<LeafletMap | null>(null);

  useEffect(() => {
    if (map && moveTo) map.setView(moveTo, Math.max(map.getZoom(), PICKER_ZOOM));
  }, [map, moveTo]);

  useEffect(() => {
    map?.getContainer().setAttribute('aria-label', t('position.mapLabel'));
  }, [map]);

  return (
    <FieldGroup id={fieldId('position')} label={t('position.label')} hint={t('position.hint')} error={error}>
      <div className="relative isolate h-64 overflow-hidden rounded-3xl ring-1 ring-gray-300 sm:h-80 lg:h-[26rem]">
        <MapContainer
          ref={setMap}
          center={value}
          zoom={PICKER_ZOOM}
          scrollWheelZoom="center"
          zoomControl={false}
          className="h-full w-full bg-map"
        >
          {/* Leaflet's own control, with its button titles in the reader's language. */}
          <ZoomControl zoomInTitle={t('mapZoomIn')} zoomOutTitle={t('mapZoomOut')} />
          <ConfiguredTileLayer />
          <CentreWatcher onChange={onChange} />
        </MapContainer>
        {/* The pin's tip marks the centre of the map. */}
        <MapPin
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-1/2 z-[500] h-11 w-11 -translate-x-1/2 -translate-y-full fill-sun-600 text-white drop-shadow-md"
          strokeWidth={1.5}
        />
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-gray-700">
          <span className="sr-only">{t('position.chosen')} </span>
          {/* Left to right in any language: a minus sign stays before its number in Arabic. */}
          <bdi dir="ltr" className="tabular-nums">
            {value.lat.toFixed(5)}, {value.lng.toFixed(5)}
          </bdi>
        </p>
        {props.onUseMyPosition && (
          <button
            type="button"
            onClick={props.onUseMyPosition}
            disabled={props.locating}
            className="inline-flex min-h-11 items-center gap-2 rounded-full px-3 font-bold text-me hover:bg-sky-50 focus-visible:outline-3 focus-visible:outline-sky-600 disabled:opacity-60"
          >
            <LocateFixed aria-hidden="true" className="h-5 w-5" />
            {props.locating ? t('position.locating') : t('position.useMine')}
          </button>
        )}
      </div>
    </FieldGroup>
  );
}
