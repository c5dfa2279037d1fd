/**
 * The person's position (spec §2): a blue accuracy circle, 50 m around a device reading or
 * 100 m around a spot set by hand, with a small circle marker of radius 8 at the centre.
 */
import { POSITION_MARKER_RADIUS } from '@playspot/core';
import { useTranslation } from 'react-i18next';
import { Circle, CircleMarker, Tooltip } from 'react-leaflet';
import type { MapUserMarker } from '../types.ts';

const ME_BLUE = '#2563eb';

export function UserPositionLayer({ me }: { readonly me: MapUserMarker }) {
  const { t } = useTranslation('map');
  const center = { lat: me.lat, lng: me.lng };
  return (
    <>
      <Circle
        center={center}
        radius={me.accuracyRadiusM}
        interactive={false}
        // className is read when Leaflet creates the path (pathOptions only restyle it later).
        className="playspot-accuracy"
        pathOptions={{ color: ME_BLUE, weight: 1.5, fillColor: ME_BLUE, fillOpacity: 0.15 }}
      />
      <CircleMarker
        center={center}
        radius={POSITION_MARKER_RADIUS}
        className="playspot-me"
        pathOptions={{ color: '#ffffff', weight: 3, fillColor: ME_BLUE, fillOpacity: 1 }}
      >
        <Tooltip direction="top" offset={[0, -8]}>
          {me.setByHand ? t('me.setByHand') : t('me.here')}
        </Tooltip>
      </CircleMarker>
    </>
  );
}
