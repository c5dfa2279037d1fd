/**
 * For admins, on the moderation page (issue 48): broken equipment that could not be sent to
 * its maintainer after every retry, with the e-mail or Open311 server's last error, so
 * someone can fix the area's address or call the council.
 */
import { MailWarning } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useFailedDeliveries } from '../api/maintenance.ts';

export function FailedDeliveries({ placeHref }: { readonly placeHref: (placeId: string) => string }) {
  const { t } = useTranslation('conditions');
  const failed = useFailedDeliveries();
  return (
    <section aria-labelledby="failed-deliveries" className="mt-8">
      <h2
        id="failed-deliveries"
        className="flex items-center gap-2 font-display text-2xl font-semibold text-ink"
      >
        <MailWarning aria-hidden="true" className="h-6 w-6 text-red-800" />
        {t('maintenance.failed.title')}
      </h2>
      {failed.isError ? (
        <LoadError onRetry={() => void failed.refetch()}>{t('maintenance.loadError')}</LoadError>
      ) : failed.data?.deliveries.length === 0 ? (
        <p role="status" className="mt-1 text-base text-gray-700">
          {t('maintenance.failed.none')}
        </p>
      ) : (
        <ul className="mt-3 flex flex-col divide-y divide-gray-100 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
          {failed.data?.deliveries.map((delivery) => (
            <li key={delivery.defectId} className="py-2">
              <Link to={placeHref(delivery.place.id)} className="font-bold text-park-800 underline">
                {delivery.place.name}
              </Link>
              <p className="text-sm text-gray-700">
                {t('brokenWhat', { what: t(`equipment.${delivery.equipment}`) })} ·{' '}
                {t('maintenance.failed.to', { area: delivery.area.name, attempts: delivery.attempts })}
              </p>
              {delivery.lastError && <p className="text-sm break-words text-red-800">{delivery.lastError}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
