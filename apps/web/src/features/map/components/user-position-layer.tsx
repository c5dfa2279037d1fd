/**
 * The person's position (spec §2): a blue accuracy circle, 50 m around a device reading or
 * 100 m around a spot set by hand, with a small circle marker of radius 8 at the centre.
 * The dot has a pane of its own above the markers' (Leaflet draws vectors below every marker):
 * a cluster bubble over the parent's own position hid the blue dot (issue 49).
 */
import { POSITION_MARKER_RADIUS } from '@playspot/core';
import { useTranslation } from 'react-i18next';
import { Circle, CircleMarker, Pane, Tooltip } from 'react-leaflet';
import type { MapUserMarker } from '../types.ts';

const ME_BLUE = '#2563eb';

/** Above Leaflet's marker pane (600), below its tooltips (650) and popups (700). */
const ME_PANE_Z_INDEX = 640;

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
      <Pane name="playspot-me" style={{ zIndex: ME_PANE_Z_INDEX }}>
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
      </Pane>
    </>
  );
}
