/**
 * /events: what is on near the person today or this week (live ones first), the private
 * events they are invited to, and how to add one.
 */
import { distanceToPlaceKm, type EventRange, type LatLng } from '@playspot/core';
import { CalendarHeart, LocateFixed, Mail, MapPinned } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { NEARBY_EVENTS_RADIUS_KM, useNearbyEvents } from '../api/get-nearby-events.ts';
import { useMyInvitations } from '../api/get-my-invitations.ts';
import { CalendarFeedPanel } from './calendar-feed-panel.tsx';
import { useNow } from '../hooks/use-now.ts';
import { sortBySoonest } from '../utils/event-timing.ts';
import { EventList } from './event-list.tsx';
import { EventsSkeleton } from './event-states.tsx';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { RichText } from '../../../lib/i18n/rich-text.tsx';

interface EventsPageProps {
  /** Where to look (the position rounded, so small moves reuse the answer; or the default city). */
  readonly center: LatLng;
  /** The person's exact position, which distances are measured from; null when unknown. */
  readonly origin: LatLng | null;
  readonly locating: boolean;
  readonly onLocateMe: () => void;
  readonly signedIn: boolean;
  readonly onSignIn: () => void;
  /** Says so when the position is an old reading or set by hand (from the app layer). */
  readonly positionNotice?: ReactNode;
}

const RANGES: readonly { value: EventRange; label: string }[] = [
  { value: 'today', label: 'today' },
  { value: 'week', label: 'week' },
];

export function EventsPage({
  center,
  origin,
  locating,
  onLocateMe,
  signedIn,
  onSignIn,
  positionNotice,
}: EventsPageProps) {
  const { t } = useTranslation('events');
  const [range, setRange] = useState<EventRange>('today');
  const nearby = useNearbyEvents(center, range);
  const now = useNow();
  const located = origin !== null;
  // The same distance as everywhere else: core's, from the exact position (never from the
  // request's rounded centre); none when only the city centre is known.
  const events = sortBySoonest(
    (nearby.data ?? []).map((event) => ({
      ...event,
      distanceKm: origin === null ? undefined : distanceToPlaceKm(origin, event),
    })),
    now,
  );

  return (
    <div className="flex-1">
      <div className="bg-gradient-to-b from-sun-100 to-sun-50 px-5 pt-8 pb-6 sm:pt-12">
        <div className="mx-auto max-w-6xl">
          <p className="font-display text-lg font-medium text-sun-800">{t('page.kicker')}</p>
          <h1 className="mt-1 font-display text-4xl leading-tight font-semibold text-ink sm:text-5xl">
            {located ? t('page.nearYou') : t('page.nearby')}
          </h1>
          <p className="mt-3 text-lg text-gray-800">
            {located
              ? t('page.introNearYou', { km: NEARBY_EVENTS_RADIUS_KM })
              : t('page.introCentre', { km: NEARBY_EVENTS_RADIUS_KM })}
          </p>
          {located && positionNotice}
          {!located && (
            <Button variant="secondary" className="mt-4" disabled={locating} onClick={onLocateMe}>
              <LocateFixed aria-hidden="true" className="h-5 w-5" />
              {locating ? t('page.locating') : t('page.useLocation')}
            </Button>
          )}
        </div>
      </div>

      <div className="px-5 pb-12">
        <div className="mx-auto max-w-6xl lg:grid lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start lg:gap-10">
          <section aria-labelledby="nearby-events-title" className="mt-6">
            <h2 id="nearby-events-title" className="sr-only">
              {range === 'today' ? t('page.today') : t('page.thisWeek')}
            </h2>
            <div
              role="group"
              aria-label={t('page.when')}
              className="inline-flex rounded-full bg-white p-1 shadow-sm ring-1 ring-black/5"
            >
              {RANGES.map((option) => {
                const selected = option.value === range;
                return (
                  <button
                    key={option.value}
                    type="button"
                    aria-pressed={selected}
                    onClick={() => {
                      setRange(option.value);
                    }}
                    className={`min-h-11 rounded-full px-5 text-base font-bold transition-colors duration-150 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600 ${
                      selected ? 'bg-sun-700 text-white' : 'text-gray-700 hover:bg-sun-50'
                    }`}
                  >
                    {t(option.value === 'today' ? 'page.range.today' : 'page.range.week')}
                  </button>
                );
              })}
            </div>
            {/* A short count is announced when the range changes, not the whole list. */}
            <p role="status" className="sr-only">
              {nearby.isSuccess ? describeCount(t, events.length, range) : ''}
            </p>
            <div className="mt-4" aria-busy={nearby.isFetching}>
              {nearby.isPending ? (
                <EventsSkeleton label={t('page.looking')} />
              ) : nearby.isError ? (
                <LoadError onRetry={() => void nearby.refetch()}>{t('page.loadFailed')}</LoadError>
              ) : events.length === 0 ? (
                <NothingOn
                  range={range}
                  onShowWeek={() => {
                    setRange('week');
                  }}
                />
              ) : (
                <EventList
                  events={events}
                  now={now}
                  showPlace
                  label={range === 'today' ? t('page.today') : t('page.thisWeek')}
                />
              )}
            </div>
          </section>

          <div className="lg:mt-6">
            <InvitedSection signedIn={signedIn} onSignIn={onSignIn} now={now} />

            <CalendarFeedPanel signedIn={signedIn} />

            <aside className="mt-10 flex items-start gap-3 rounded-3xl bg-park-50 p-5 text-base text-park-900 ring-1 ring-park-100">
              <MapPinned aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-park-700" />
              <p>
                <RichText text={t('page.running')} components={{ strong: <strong /> }} />{' '}
                <Link to={paths.map} className="font-bold text-park-800 underline underline-offset-2">
                  {t('page.toMap')}
                </Link>
              </p>
            </aside>
          </div>
        </div>
      </div>
    </div>
  );
}

function describeCount(t: TFunction<'events'>, count: number, range: EventRange): string {
  return range === 'today' ? t('page.countToday', { count }) : t('page.countWeek', { count });
}

function NothingOn({ range, onShowWeek }: { readonly range: EventRange; readonly onShowWeek: () => void }) {
  const { t } = useTranslation('events');
  return (
    <div className="rounded-3xl bg-white p-6 text-center shadow-sm ring-1 ring-black/5">
      <span
        aria-hidden="true"
        className="mx-auto flex h-14 w-14 items-center justify-center rounded-2xl bg-sun-100 text-sun-700"
      >
        <CalendarHeart className="h-7 w-7" />
      </span>
      <p className="mt-3 font-display text-xl font-semibold text-ink">
        {range === 'today' ? t('page.nothingToday') : t('page.nothingWeek')}
      </p>
      <p className="mt-1 text-base text-gray-700">
        {range === 'today' ? t('page.nothingTodayHint') : t('page.nothingWeekHint')}
      </p>
      <div className="mt-4 flex flex-wrap justify-center gap-2">
        {range === 'today' && (
          <Button variant="secondary" onClick={onShowWeek}>
            {t('page.seeWeek')}
          </Button>
        )}
        <Link to={paths.map} className={buttonClassName('ghost')}>
          {t('page.findPlace')}
        </Link>
      </div>
    </div>
  );
}

function InvitedSection({
  signedIn,
  onSignIn,
  now,
}: {
  readonly signedIn: boolean;
  readonly onSignIn: () => void;
  readonly now: Date;
}) {
  const { t } = useTranslation('events');
  const invitations = useMyInvitations(signedIn);
  return (
    <section aria-labelledby="invited-title" className="mt-10 lg:mt-0">
      <h2 id="invited-title" className="flex items-center gap-2 font-display text-2xl font-semibold text-ink">
        <Mail aria-hidden="true" className="h-6 w-6 text-violet-700" />
        {t('page.invited')}
      </h2>
      <div className="mt-3">
        {!signedIn ? (
          <div className="rounded-3xl bg-white p-5 text-base text-gray-700 shadow-sm ring-1 ring-black/5">
            <p>{t('page.signInHint')}</p>
            <Button className="mt-3" onClick={onSignIn}>
              {t('page.signIn')}
            </Button>
          </div>
        ) : invitations.isPending ? (
          <EventsSkeleton label={t('page.loadingInvitations')} />
        ) : invitations.isError ? (
          <LoadError onRetry={() => void invitations.refetch()}>{t('page.loadFailed')}</LoadError>
        ) : invitations.data.length === 0 ? (
          <p className="rounded-3xl bg-white p-5 text-base text-gray-700 shadow-sm ring-1 ring-black/5">
            {t('page.noInvitations')}
          </p>
        ) : (
          <EventList
            events={sortBySoonest(invitations.data, now)}
            now={now}
            showPlace
            label={t('page.invitedList')}
          />
        )}
      </div>
    </section>
  );
}
