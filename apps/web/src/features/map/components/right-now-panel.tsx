/**
 * "Right now" (issue 33): the nearest place open now for the chosen age, the nearest place
 * with toilets and the nearest with a changing table, each with an estimated walk (core
 * rightNow: straight line at 4.5 km/h, within 3 km), from every place within those 3 km
 * (issue 45). Offline it answers from the list's places around the person (saved on the
 * device by the service worker), the area last seen there.
 */
import {
  distanceKm,
  RIGHT_NOW_REACH_KM,
  rightNow,
  TOILETS_NEARBY_M,
  WALKING_SPEED_KMH,
  type AgeRange,
  type LatLng,
  type PlaceSummary,
  type RightNowPick,
} from '@playspot/core';
import { Baby, Clock, LocateFixed, MapPinned, Toilet, WifiOff, type LucideIcon } from 'lucide-react';
import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OpeningStatusLine } from '../../../components/opening-status.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { AppDialog } from '../../../components/ui/dialog.tsx';
import { useNow } from '../../../components/use-now.ts';
import { useOpeningHours } from '../../../components/use-opening-hours.ts';
import { localNumber } from '../../../lib/i18n/format.ts';
import { isOnline, onConnectivityChange } from '../../../platform/network.ts';
import { usePlacesInReach } from '../api/get-places-in-reach.ts';
import { localDistance } from '../../../lib/i18n/distance.ts';

interface RightNowPanelProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /** The person's position; null when not known (the panel asks for it). */
  readonly from: LatLng | null;
  /** The places the map's list has around the person (its last answer, maybe from the device). */
  readonly places: readonly PlaceSummary[];
  /** The list's first answer has not come yet. */
  readonly loading: boolean;
  /** The age the parent chose in the filters ('' or absent: any). */
  readonly age: AgeRange | '' | undefined;
  readonly onLocateMe: () => void;
  readonly onSetByHand: () => void;
  /** Opens a place's card on the map. */
  readonly onShowPlace: (place: PlaceSummary) => void;
}

function useOnline(): boolean {
  return useSyncExternalStore(onConnectivityChange, isOnline, () => true);
}

export function RightNowPanel(props: RightNowPanelProps) {
  const { t, i18n } = useTranslation(['right-now', 'common']);
  const online = useOnline();
  return (
    <AppDialog
      open={props.open}
      onDismiss={props.onClose}
      title={t('title')}
      description={t('description', { speed: localNumber(WALKING_SPEED_KMH, i18n.language) })}
      testId="right-now"
    >
      {!online && (
        <p
          className="mb-3 flex items-start gap-2 rounded-xl bg-sky-50 px-3 py-2 text-base text-sky-900"
          role="status"
        >
          <WifiOff aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
          {t('offline')}
        </p>
      )}
      <RightNowBody {...props} online={online} />
    </AppDialog>
  );
}

function RightNowBody(props: RightNowPanelProps & { readonly online: boolean }) {
  const { t, i18n } = useTranslation(['right-now', 'common']);
  const hours = useOpeningHours();
  const now = useNow();
  const { from, age } = props;
  // Online, every place within reach; offline, or if that read fails, the list's places
  // (saved on the device), which is what the panel can honestly answer from there.
  const everyInReach = usePlacesInReach(props.online ? from : null);
  const places = everyInReach.data ?? props.places;
  const loading = everyInReach.isLoading || (everyInReach.data === undefined && props.loading);
  const answer = useMemo(() => {
    if (from === null || hours === null) return null;
    const withState = places.map((place) => ({
      ...place,
      openingState: place.openingHours
        ? hours.statusOf(place.openingHours.value, place.openingHours.timeZone, now).state
        : ('unknown' as const),
    }));
    const inReach = places.filter((place) => distanceKm(from, place) <= RIGHT_NOW_REACH_KM).length;
    return { ...rightNow(from, withState, age), inReach };
  }, [from, hours, places, age, now]);
  const reach = localDistance(RIGHT_NOW_REACH_KM, i18n.language);

  if (from === null) {
    return (
      <div data-testid="right-now-no-position">
        <p className="text-base text-gray-800">{t('noPosition')}</p>
        <div className="mt-4 flex flex-col gap-2 sm:flex-row">
          <ActionButton icon={LocateFixed} onClick={props.onLocateMe} primary>
            {t('locate')}
          </ActionButton>
          <ActionButton icon={MapPinned} onClick={props.onSetByHand}>
            {t('setByHand')}
          </ActionButton>
        </div>
      </div>
    );
  }
  if (loading || answer === null) {
    return (
      <div className="flex items-center gap-2 text-base text-gray-700">
        <Spinner label={t('loading')} />
        <span aria-hidden="true">{t('loading')}</span>
      </div>
    );
  }
  if (places.length === 0 && !props.online) {
    return (
      <p className="text-base text-gray-800" data-testid="right-now-nothing-saved">
        {t('nothingSaved')}
      </p>
    );
  }
  if (!answer.anyWithinReach) {
    return (
      <p className="text-base text-gray-800" data-testid="right-now-out-of-reach">
        {t('outOfReach', { distance: reach })}
      </p>
    );
  }
  const ageLabel = age ? t(`common:ageRanges.${age}`) : null;
  return (
    <div className="flex flex-col divide-y divide-gray-100" data-testid="right-now-answer">
      <Section
        testId="right-now-open"
        icon={Clock}
        title={ageLabel ? t('openForAge', { age: ageLabel }) : t('openTitle')}
      >
        {answer.open ? (
          <PickRow pick={answer.open} onShow={props.onShowPlace} showHours />
        ) : (
          <Empty>{t('nothingOpen', { distance: reach })}</Empty>
        )}
        {answer.closerHoursUnknown && (
          <div className="mt-2 rounded-xl bg-gray-50 px-3 py-2" data-testid="right-now-hours-unknown">
            <p className="text-sm font-semibold text-gray-700">
              {answer.open ? t('closerHoursUnknown') : t('nearestHoursUnknown')}
            </p>
            <PickRow pick={answer.closerHoursUnknown} onShow={props.onShowPlace} />
          </div>
        )}
      </Section>
      <Section testId="right-now-toilets" icon={Toilet} title={t('toiletsTitle')}>
        {answer.toilets ? (
          <PickRow pick={answer.toilets} onShow={props.onShowPlace} prefix={t('atPlace')} />
        ) : (
          <Empty>{t('noToilets', { distance: reach })}</Empty>
        )}
        <p className="mt-1 text-sm text-gray-600">{t('toiletsHint', { metres: TOILETS_NEARBY_M })}</p>
      </Section>
      <Section testId="right-now-changing" icon={Baby} title={t('changingTitle')}>
        {answer.changingTable ? (
          <PickRow pick={answer.changingTable} onShow={props.onShowPlace} prefix={t('atPlace')} />
        ) : (
          <Empty>{t('noChanging', { distance: reach })}</Empty>
        )}
      </Section>
      <p className="pt-3 text-sm text-gray-600">
        {t('basis', {
          count: answer.inReach,
          shown: localNumber(answer.inReach, i18n.language),
          distance: reach,
        })}
      </p>
    </div>
  );
}

function Section(props: {
  readonly testId: string;
  readonly icon: LucideIcon;
  readonly title: string;
  readonly children: ReactNode;
}) {
  const Icon = props.icon;
  return (
    <section className="py-3 first:pt-0" data-testid={props.testId} aria-label={props.title}>
      <h3 className="flex items-center gap-2 font-display text-lg font-medium text-ink">
        <Icon aria-hidden="true" className="h-5 w-5 shrink-0 text-park-700" />
        {props.title}
      </h3>
      <div className="mt-1">{props.children}</div>
    </section>
  );
}

function Empty({ children }: { readonly children: ReactNode }) {
  return <p className="text-base text-gray-700">{children}</p>;
}

function PickRow(props: {
  readonly pick: RightNowPick<PlaceSummary>;
  readonly onShow: (place: PlaceSummary) => void;
  readonly showHours?: boolean;
  readonly prefix?: string;
}) {
  const { t, i18n } = useTranslation('right-now');
  const { place, distanceKm, walkMinutes } = props.pick;
  return (
    <div>
      <button
        type="button"
        onClick={() => {
          props.onShow(place);
        }}
        className="text-start text-base font-bold text-park-800 underline decoration-park-200 decoration-2 underline-offset-4 hover:decoration-park-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
      >
        {props.prefix ? `${props.prefix} ${place.name}` : place.name}
      </button>
      {props.showHours && <OpeningStatusLine openingHours={place.openingHours} compact className="mt-0.5" />}
      <p className="text-base text-gray-800" data-testid="right-now-walk">
        {t('walk', { count: walkMinutes, minutes: localNumber(walkMinutes, i18n.language) })}
        <span className="text-gray-600"> · {localDistance(distanceKm, i18n.language)}</span>
      </p>
    </div>
  );
}

function ActionButton(props: {
  readonly icon: LucideIcon;
  readonly onClick: () => void;
  readonly primary?: boolean;
  readonly children: ReactNode;
}) {
  const Icon = props.icon;
  return (
    <button
      type="button"
      onClick={props.onClick}
      className={`inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-full px-4 text-base font-bold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600 ${
        props.primary
          ? 'bg-park-800 text-white hover:bg-park-700'
          : 'bg-gray-100 text-ink ring-1 ring-gray-200 hover:bg-gray-200'
      }`}
    >
      <Icon aria-hidden="true" className="h-5 w-5 shrink-0" />
      {props.children}
    </button>
  );
}
