/**
 * Events at one place, for its page: today's first (live ones on top), then the coming ones,
 * and 'Add event' (signed-out people are asked to sign in first).
 */
import { CalendarHeart, CalendarPlus, CalendarSync } from 'lucide-react';
import { useEffect, useState } from 'react';
import { apiUrl } from '../../../lib/api-client.ts';
import { placeFeedPath, subscriptionUrl } from '../api/calendar-feed.ts';
import { Button } from '../../../components/ui/button.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { usePlaceEvents } from '../api/get-place-events.ts';
import { useNow } from '../hooks/use-now.ts';
import { eventTiming, sortBySoonest } from '../utils/event-timing.ts';
import { EventFormDialogOnDemand } from './event-form-dialog-on-demand.tsx';
import { EventList } from './event-list.tsx';
import { EventsSkeleton } from './event-states.tsx';
import { useTranslation } from 'react-i18next';

interface PlaceEventsProps {
  readonly locationId: string;
  readonly locationName: string;
  readonly signedIn: boolean;
  /** Opens the sign-in dialog. */
  readonly onSignIn: () => void;
}

export function PlaceEvents({ locationId, locationName, signedIn, onSignIn }: PlaceEventsProps) {
  const { t } = useTranslation('events');
  const events = usePlaceEvents(locationId);
  const now = useNow();
  const [adding, setAdding] = useState(false);
  // The https address when drawn on the server; a calendar subscription (webcal:) in the browser.
  const [feedHref, setFeedHref] = useState(() => apiUrl(placeFeedPath(locationId)));
  useEffect(() => {
    setFeedHref(subscriptionUrl(placeFeedPath(locationId), window.location.href));
  }, [locationId]);

  const sorted = sortBySoonest(events.data ?? [], now);
  const today = sorted.filter((event) => eventTiming(event, now).today);
  const later = sorted.filter((event) => !eventTiming(event, now).today);

  return (
    <section aria-labelledby="place-events-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="place-events-title" className="font-display text-2xl font-semibold text-ink">
          {t('place.heading')}
        </h2>
        <Button
          variant="secondary"
          onClick={() => {
            if (signedIn) setAdding(true);
            else onSignIn();
          }}
        >
          <CalendarPlus aria-hidden="true" className="h-5 w-5" />
          {t('place.add')}
        </Button>
      </div>
      <a
        href={feedHref}
        className="mt-1 inline-flex min-h-11 items-center gap-1.5 rounded-full px-1 text-base font-bold text-park-800 underline-offset-2 hover:underline focus-visible:outline-3 focus-visible:outline-sky-600"
      >
        <CalendarSync aria-hidden="true" className="h-5 w-5" />
        {t('place.subscribe')}
      </a>
      <div className="mt-3">
        {events.isPending ? (
          <EventsSkeleton label={t('place.loading')} />
        ) : events.isError ? (
          <LoadError onRetry={() => void events.refetch()}>{t('page.loadFailed')}</LoadError>
        ) : sorted.length === 0 ? (
          <p className="flex items-start gap-3 rounded-3xl bg-white p-5 text-base text-gray-700 shadow-sm ring-1 ring-black/5">
            <CalendarHeart aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-sun-700" />
            <span>{t('place.none')}</span>
          </p>
        ) : (
          <div className="space-y-6">
            {today.length > 0 && (
              <div>
                <h3 className="mb-2 text-base font-bold tracking-wide text-sun-800 uppercase">
                  {t('place.todayHeading')}
                </h3>
                <EventList events={today} now={now} showPlace={false} label={t('place.today')} />
              </div>
            )}
            {later.length > 0 && (
              <div>
                <h3 className="mb-2 text-base font-bold tracking-wide text-gray-700 uppercase">
                  {t('place.comingHeading')}
                </h3>
                <EventList events={later} now={now} showPlace={false} label={t('place.coming')} />
              </div>
            )}
          </div>
        )}
      </div>
      {adding && (
        <EventFormDialogOnDemand
          mode="create"
          locationId={locationId}
          locationName={locationName}
          onClose={() => {
            setAdding(false);
          }}
        />
      )}
    </section>
  );
}
