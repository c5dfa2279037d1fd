/** The signed-in person's own removal requests and where each stands. */
import { Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useMyRemovalRequests } from '../api/get-my-removal-requests.ts';
import { formatWhen, STATUS_CLASSES } from '../utils/moderation-display.ts';
import { useTranslation } from 'react-i18next';

/** `ownPage`: on its own page, under that page's heading (no heading of its own). */
export function MyRemovalRequests({ ownPage = false }: { readonly ownPage?: boolean }) {
  const { t } = useTranslation('moderation');
  const requests = useMyRemovalRequests(true);
  return (
    <section
      aria-label={ownPage ? t('mine.yours') : undefined}
      aria-labelledby={ownPage ? undefined : 'my-requests-title'}
      className={ownPage ? 'mt-6' : 'mt-10'}
    >
      {!ownPage && (
        <h2
          id="my-requests-title"
          className="flex items-center gap-2 font-display text-2xl font-semibold text-ink"
        >
          <Inbox aria-hidden="true" className="h-6 w-6 text-sun-700" />
          {t('mine.yours')}
        </h2>
      )}
      <div className="mt-3">
        {requests.isPending ? (
          <p role="status" className="text-base text-gray-700">
            {t('mine.loadingDots')}
          </p>
        ) : requests.isError ? (
          <p className="text-base text-gray-700">{t('mine.loadFailed')}</p>
        ) : requests.data.length === 0 ? (
          <p className="rounded-3xl bg-white p-5 text-base text-gray-700 shadow-sm ring-1 ring-black/5">
            {t('mine.none')}
          </p>
        ) : (
          <ul aria-label={t('mine.yours')} className="space-y-3">
            {requests.data.map((request) => (
              <li key={request.id} className="rounded-3xl bg-white p-4 shadow-sm ring-1 ring-black/5">
                <p className="flex flex-wrap items-center gap-2">
                  <span
                    className={`rounded-full px-2.5 py-0.5 text-sm font-bold ${STATUS_CLASSES[request.status]}`}
                  >
                    {t(`status.${request.status}`)}
                  </span>
                  <span className="text-base font-bold text-ink">
                    {request.type === 'account' ? (
                      t('mine.deleteAccount')
                    ) : request.locationId && request.locationName ? (
                      <Link
                        to={paths.place.build(request.locationId)}
                        className="text-park-800 underline underline-offset-2"
                      >
                        {t('mine.remove', { name: request.locationName })}
                      </Link>
                    ) : (
                      t('mine.removedPlace')
                    )}
                  </span>
                </p>
                <p className="mt-1 line-clamp-3 text-base text-gray-800">{request.reason}</p>
                <p className="mt-1 text-sm text-gray-700">
                  {t('mine.sent', { when: formatWhen(request.createdAt) })}
                </p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
