/**
 * Setting a location by hand: a long-press (phones) or right-click (desktop) on the map
 * opens a small popup offering 'Set my location here'.
 */
import type { LatLng } from '@playspot/core';
import { MapPin } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Popup, useMapEvents } from 'react-leaflet';

export function SetPositionPopup({ onSet }: { readonly onSet: (point: LatLng) => void }) {
  const { t } = useTranslation('map');
  const [point, setPoint] = useState<LatLng | null>(null);
  useMapEvents({
    contextmenu: (event) => {
      setPoint({ lat: event.latlng.lat, lng: event.latlng.lng });
    },
  });
  if (point === null) return null;
  return (
    <Popup
      position={point}
      eventHandlers={{
        remove: () => {
          setPoint(null);
        },
      }}
    >
      <button
        type="button"
        autoFocus
        className="inline-flex min-h-11 items-center gap-2 rounded-full bg-me px-4 font-bold text-white hover:bg-blue-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
        onClick={() => {
          onSet(point);
          setPoint(null);
        }}
      >
        <MapPin aria-hidden="true" className="h-5 w-5" />
        {t('pick.confirm')}
      </button>
    </Popup>
  );
}
