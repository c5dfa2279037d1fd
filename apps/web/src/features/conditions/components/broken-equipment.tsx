/**
 * For moderators: broken equipment parents reported, oldest first, by the operator that looks
 * after each place (a city council, from OpenStreetMap), with a CSV per operator to send on,
 * and "Fixed: close it" once the council says so.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { conditionAge } from '../../../components/condition-words.ts';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useNow } from '../../../components/use-now.ts';
import { paths } from '../../../config/paths.ts';
import { handleError, notifySuccess } from '../../../lib/handle-error.ts';
import {
  brokenCsvUrl,
  brokenReportsQueryOptions,
  closeReport,
  useBrokenReports,
} from '../api/broken-reports.ts';

export function BrokenEquipment() {
  const { t } = useTranslation('conditions');
  const now = useNow();
  const reports = useBrokenReports();
  const queryClient = useQueryClient();
  const close = useMutation({
    mutationFn: closeReport,
    onSuccess: () => {
      notifySuccess(t('broken.closed'));
      void queryClient.invalidateQueries({ queryKey: brokenReportsQueryOptions().queryKey });
    },
    onError: (error) => {
      handleError(error);
    },
  });
  const operators = [...new Set((reports.data ?? []).map((report) => report.place.operator))];

  return (
    <section aria-labelledby="broken-title" className="mt-8">
      <h2 id="broken-title" className="flex items-center gap-2 font-display text-2xl font-semibold text-ink">
        <Wrench aria-hidden="true" className="h-6 w-6 text-red-800" />
        {t('broken.title')}
      </h2>
      <p className="mt-1 text-base text-gray-700">{t('broken.intro')}</p>
      <div className="mt-3 flex flex-col gap-4">
        {reports.isError ? (
          <LoadError onRetry={() => void reports.refetch()}>{t('broken.loadError')}</LoadError>
        ) : reports.data?.length === 0 ? (
          <p role="status" className="text-base text-gray-700">
            {t('broken.none')}
          </p>
        ) : (
          operators.map((operator) => {
            const group = (reports.data ?? []).filter((report) => report.place.operator === operator);
            return (
              <div key={operator ?? ''} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="text-lg font-bold text-ink">{operator ?? t('broken.noOperator')}</h3>
                  <a href={brokenCsvUrl(operator)} className={buttonClassName('ghost', '-me-3')} download>
                    <Download aria-hidden="true" className="h-5 w-5" />
                    {t('broken.csv')}
                  </a>
                </div>
                <ul className="mt-2 flex flex-col divide-y divide-gray-100">
                  {group.map((report) => (
                    <li key={report.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                      <div className="min-w-0">
                        <Link
                          to={paths.place.build(report.place.id)}
                          className="font-bold text-park-800 underline"
                        >
                          {report.place.name}
                        </Link>
                        <p className="text-sm text-gray-700">
                          {t('brokenWhat', { what: t(`equipment.${report.equipment}`) })} ·{' '}
                          {conditionAge(t, report.reportedAt, now)} ·{' '}
                          {t('parents', { count: report.parents })}
                        </p>
                      </div>
                      <button
                        type="button"
                        disabled={close.isPending}
                        className={buttonClassName('secondary')}
                        aria-label={t('broken.closeLabel', { place: report.place.name })}
                        onClick={() => {
                          close.mutate(report.id);
                        }}
                      >
                        {t('broken.close')}
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })
        )}
      </div>
    </section>
  );
}
