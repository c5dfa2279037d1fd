/**
 * Round buttons floating on the map: find me, set my location by hand, and zoom (desktop;
 * phones pinch). Each is a 48 px target with a visible focus ring and a spoken name.
 */
import type { Map as LeafletMap } from 'leaflet';
import { LocateFixed, LoaderCircle, MapPinned, Minus, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function RoundButton(props: {
  readonly label: string;
  readonly onClick: () => void;
  readonly children: ReactNode;
  readonly className?: string;
  readonly pressed?: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={props.label}
      title={props.label}
      aria-pressed={props.pressed}
      onClick={props.onClick}
      className={`flex h-12 w-12 items-center justify-center rounded-full bg-white text-ink shadow-lg ring-1 ring-black/5 hover:bg-gray-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600 active:bg-gray-100 aria-pressed:bg-sky-100 ${props.className ?? ''}`}
    >
      {props.children}
    </button>
  );
}

interface MapControlsProps {
  readonly map: LeafletMap | null;
  readonly locating: boolean;
  readonly picking: boolean;
  readonly onLocateMe: () => void;
  readonly onTogglePicking: () => void;
}

export function MapControls({ map, locating, picking, onLocateMe, onTogglePicking }: MapControlsProps) {
  const { t } = useTranslation('map');
  return (
    <div className="pointer-events-auto flex flex-col gap-3">
      <RoundButton label={locating ? t('controls.locating') : t('controls.locate')} onClick={onLocateMe}>
        {locating ? (
          <LoaderCircle aria-hidden="true" className="h-6 w-6 animate-spin text-me" />
        ) : (
          <LocateFixed aria-hidden="true" className="h-6 w-6 text-me" />
        )}
      </RoundButton>
      <RoundButton label={t('controls.setByHand')} pressed={picking} onClick={onTogglePicking}>
        <MapPinned aria-hidden="true" className="h-6 w-6 text-me" />
      </RoundButton>
      <div className="hidden flex-col gap-3 lg:flex">
        <RoundButton label={t('controls.zoomIn')} onClick={() => map?.zoomIn()}>
          <Plus aria-hidden="true" className="h-6 w-6" />
        </RoundButton>
        <RoundButton label={t('controls.zoomOut')} onClick={() => map?.zoomOut()}>
          <Minus aria-hidden="true" className="h-6 w-6" />
        </RoundButton>
      </div>
    </div>
  );
}
