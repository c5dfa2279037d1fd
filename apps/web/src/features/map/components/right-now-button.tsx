/**
 * "Right now" on the map (issue 33): a labelled pill under the search box, loaded with the
 * map after the first screen. Its panel (and the opening-hours rule it reads) loads on the
 * first tap; both are in the precached app shell, so they open offline too.
 */
import { Footprints } from 'lucide-react';
import { lazy, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { loadNamespaces } from '../../../lib/i18n/i18n.ts';
import type { RightNowPanel as Panel } from './right-now-panel.tsx';
import { SuspenseAfterHydration } from '../../../components/suspense-after-hydration.tsx';

const RightNowPanel = lazy(async () => {
  const [module] = await Promise.all([import('./right-now-panel.tsx'), loadNamespaces('right-now')]);
  return { default: module.RightNowPanel };
});

type PanelProps = ComponentProps<typeof Panel>;

/** The panel's props but its open state, which the button keeps. */
export type RightNowProps = Omit<PanelProps, 'open' | 'onClose'>;

export function RightNowButton(props: RightNowProps) {
  const { t } = useTranslation('map');
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
  };
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
        }}
        data-testid="right-now-button"
        className="pointer-events-auto inline-flex h-11 items-center gap-1.5 rounded-full bg-white px-4 text-base font-bold text-ink shadow-lg ring-1 ring-black/5 hover:bg-gray-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600 active:bg-gray-100"
      >
        <Footprints aria-hidden="true" className="h-5 w-5 shrink-0 text-sun-700" />
        {t('rightNow.button')}
      </button>
      {open && (
        <SuspenseAfterHydration fallback={null}>
          <RightNowPanel
            {...props}
            open
            onClose={close}
            onSetByHand={() => {
              close();
              props.onSetByHand();
            }}
            onShowPlace={(place) => {
              close();
              props.onShowPlace(place);
            }}
          />
        </SuspenseAfterHydration>
      )}
    </>
  );
}
