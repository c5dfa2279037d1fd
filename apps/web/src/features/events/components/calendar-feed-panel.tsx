/**
 * "My events in your calendar" (issue 33): a secret address calendar apps subscribe to.
 * It is made on request and shown once (the server keeps only its hash); making a new one
 * stops the old; "Turn off" revokes it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { CalendarSync } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import {
  calendarFeedQueryOptions,
  myFeedPath,
  newCalendarFeed,
  revokeCalendarFeed,
  subscriptionUrl,
  useCalendarFeed,
} from '../api/calendar-feed.ts';

export function CalendarFeedPanel({ signedIn }: { readonly signedIn: boolean }) {
  const { t, i18n } = useTranslation('events');
  const queryClient = useQueryClient();
  const status = useCalendarFeed(signedIn);
  const [address, setAddress] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  if (!signedIn) return null;
  const run = (action: () => Promise<void>) => {
    setBusy(true);
    setMessage('');
    action()
      .catch((caught: unknown) => {
        console.error(caught);
        setMessage(t('feed.failed'));
      })
      .finally(() => {
        setBusy(false);
        void queryClient.invalidateQueries({ queryKey: calendarFeedQueryOptions(true).queryKey });
      });
  };
  const create = () => {
    run(async () => {
      const made = await newCalendarFeed();
      setAddress(subscriptionUrl(myFeedPath(made.token), window.location.href));
    });
  };
  const turnOff = () => {
    run(async () => {
      await revokeCalendarFeed();
      setAddress(null);
      setMessage(t('feed.turnedOff'));
    });
  };
  const active = status.data?.active === true;
  const createdAt = status.data?.createdAt ?? null;
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid="calendar-feed"
      className="mt-10 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 font-display text-2xl font-semibold text-ink">
        <CalendarSync aria-hidden="true" className="h-6 w-6 text-park-700" />
        {t('feed.heading')}
      </h2>
      <p className="mt-2 text-base text-gray-700">{t('feed.hint')}</p>
      {address !== null ? (
        <div className="mt-3 flex flex-col gap-2">
          <label htmlFor={`${id}-address`} className="text-sm font-bold text-ink">
            {t('feed.addressLabel')}
          </label>
          <input
            id={`${id}-address`}
            readOnly
            value={address}
            onFocus={(event) => {
              event.currentTarget.select();
            }}
            className="min-h-11 w-full rounded-xl border border-gray-300 bg-gray-50 px-3 font-mono text-sm"
          />
          <a
            href={address}
            className="inline-flex min-h-11 items-center self-start rounded-full bg-park-700 px-4 font-bold text-white hover:bg-park-800 focus-visible:outline-3 focus-visible:outline-sky-600"
          >
            {t('feed.open')}
          </a>
        </div>
      ) : (
        active &&
        createdAt !== null && (
          <p className="mt-3 text-base text-gray-800">
            {t('feed.active', {
              date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
                new Date(createdAt),
              ),
            })}
          </p>
        )
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button onClick={create} disabled={busy}>
          {active || address !== null ? t('feed.renew') : t('feed.create')}
        </Button>
        {(active || address !== null) && (
          <Button variant="secondary" onClick={turnOff} disabled={busy}>
            {t('feed.off')}
          </Button>
        )}
      </div>
      {(active || address !== null) && <p className="mt-2 text-sm text-gray-700">{t('feed.renewHint')}</p>}
      <p role="status" className="mt-2 text-sm font-bold text-ink">
        {message}
      </p>
    </section>
  );
}
