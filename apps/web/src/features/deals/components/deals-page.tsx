/** /deals: kid-friendly deals as cards; admins also get the editor for every deal. */
import { dealsNearestFirst, type LatLng } from '@playspot/core';
import { Gift } from 'lucide-react';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useDeals } from '../api/get-deals.ts';
import { DealCard } from './deal-card.tsx';
import { DealsEditor } from './deals-editor.tsx';
import { DealsSkeleton } from './deal-states.tsx';
import { useTranslation } from 'react-i18next';

export function DealsPage({
  isAdmin,
  origin = null,
}: {
  readonly isAdmin: boolean;
  /** The person's exact position: deals at a place come nearest first, with their distance. */
  readonly origin?: LatLng | null;
}) {
  const { t } = useTranslation('deals');
  const deals = useDeals('shown');
  return (
    <div className="flex-1">
      <div className="bg-gradient-to-b from-sun-100 to-sun-50 px-5 pt-8 pb-6 sm:pt-12">
        <div className="mx-auto max-w-6xl">
          <p className="font-display text-lg font-medium text-sun-800">{t('page.kicker')}</p>
          <h1 className="mt-1 font-display text-4xl leading-tight font-semibold text-ink sm:text-5xl">
            {t('page.title')}
          </h1>
          <p className="mt-3 max-w-2xl text-lg text-gray-800">{t('page.intro')}</p>
        </div>
      </div>
      <div className="px-5 pt-6 pb-12">
        <div className="mx-auto max-w-6xl">
          <section aria-label={t('page.current')} aria-busy={deals.isFetching}>
            {deals.isPending ? (
              <DealsSkeleton />
            ) : deals.isError ? (
              <LoadError onRetry={() => void deals.refetch()}>{t('loadFailed')}</LoadError>
            ) : deals.data.length === 0 ? (
              <div className="rounded-3xl bg-white p-8 text-center shadow-sm ring-1 ring-black/5">
                <span
                  aria-hidden="true"
                  className="mx-auto flex h-14 w-14 items-center justify-center rounded-2xl bg-sun-100 text-sun-700"
                >
                  <Gift className="h-7 w-7" />
                </span>
                <p className="mt-3 font-display text-xl font-semibold text-ink">{t('page.none')}</p>
                <p className="mt-1 text-base text-gray-700">{t('page.noneHint')}</p>
              </div>
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {dealsNearestFirst(deals.data, origin).map((deal) => (
                  <li key={deal.id}>
                    <DealCard deal={deal} distanceKm={deal.distanceKm} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          {isAdmin && <DealsEditor />}
        </div>
      </div>
    </div>
  );
}
