/**
 * /maintenance (issue 48): for the people who fix play equipment. Each area they maintain,
 * its open defects oldest first with the parents' photos, and per defect "Fixed" (the parents
 * who reported it see it fixed) or "Not a defect"; a CSV of the list for a spreadsheet.
 */
import type { Defect } from '@playspot/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { conditionAge } from '../../../components/condition-words.ts';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { useNow } from '../../../components/use-now.ts';
import { handleError, notifySuccess } from '../../../lib/handle-error.ts';
import { answerDefect, defectsCsvUrl, useAreaDefects, useMyAreas } from '../api/maintenance.ts';

export function MaintainerPage({ placeHref }: { readonly placeHref: (placeId: string) => string }) {
  const { t } = useTranslation('conditions');
  const areas = useMyAreas(true);
  if (areas.isPending) return <PageSpinner label={t('maintenance.loading')} />;
  if (areas.isError)
    return <LoadError onRetry={() => void areas.refetch()}>{t('maintenance.loadError')}</LoadError>;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="flex items-center gap-2 font-display text-3xl font-semibold text-ink">
        <Wrench aria-hidden="true" className="h-7 w-7 text-red-800" />
        {t('maintenance.title')}
      </h1>
      {areas.data.areas.length === 0 ? (
        <p role="status" className="text-base text-gray-700">
          {t('maintenance.noAreas')}
        </p>
      ) : (
        areas.data.areas.map((area) => (
          <AreaDefectList key={area.id} areaId={area.id} placeHref={placeHref} />
        ))
      )}
    </div>
  );
}

function AreaDefectList({
  areaId,
  placeHref,
}: {
  readonly areaId: string;
  readonly placeHref: (id: string) => string;
}) {
  const { t } = useTranslation('conditions');
  const defects = useAreaDefects(areaId);
  if (defects.isPending) return <PageSpinner label={t('maintenance.loading')} />;
  if (defects.isError)
    return <LoadError onRetry={() => void defects.refetch()}>{t('maintenance.loadError')}</LoadError>;
  const { area } = defects.data;
  return (
    <section
      aria-labelledby={`area-${area.id}`}
      className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-gray-200"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`area-${area.id}`} className="font-display text-2xl font-semibold text-ink">
          {area.name}
        </h2>
        <a href={defectsCsvUrl(area.id)} className={buttonClassName('ghost', '-me-3')} download>
          <Download aria-hidden="true" className="h-5 w-5" />
          {t('maintenance.csv')}
        </a>
      </div>
      {defects.data.defects.length === 0 ? (
        <p role="status" className="mt-2 text-base text-gray-700">
          {t('maintenance.none')}
        </p>
      ) : (
        <ul className="mt-3 flex flex-col divide-y divide-gray-100">
          {defects.data.defects.map((defect) => (
            <DefectRow key={defect.id} areaId={areaId} defect={defect} placeHref={placeHref} />
          ))}
        </ul>
      )}
    </section>
  );
}

function DefectRow({
  areaId,
  defect,
  placeHref,
}: {
  readonly areaId: string;
  readonly defect: Defect;
  readonly placeHref: (id: string) => string;
}) {
  const { t } = useTranslation('conditions');
  const now = useNow();
  const queryClient = useQueryClient();
  const what = t(`equipment.${defect.equipment}`);
  const answer = useMutation({
    mutationFn: (value: 'fixed' | 'not_defect') => answerDefect(defect.id, value),
    onSuccess: (_defect, value) => {
      notifySuccess(t(value === 'fixed' ? 'maintenance.markedFixed' : 'maintenance.markedNotDefect'));
      void queryClient.invalidateQueries({ queryKey: ['maintenance', 'areas'] });
      void queryClient.invalidateQueries({ queryKey: ['maintenance', 'areas', areaId, 'defects'] });
    },
    onError: (error) => {
      handleError(error);
    },
  });
  return (
    <li className="flex flex-col gap-2 py-3" data-testid="defect">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <Link to={placeHref(defect.place.id)} className="font-bold text-park-800 underline">
            {defect.place.name}
          </Link>
          <p className="text-base text-gray-800">
            {t('brokenWhat', { what })} · {t('parents', { count: defect.parents })} ·{' '}
            {conditionAge(t, defect.firstReportedAt, now)}
            {defect.reopened && <> · {t('maintenance.reopened')}</>}
          </p>
          <p className="text-sm text-gray-700">
            {t(`maintenance.delivery.${defect.delivery.state}`)}
            {defect.delivery.open311RequestId !== null && (
              <> · {t('maintenance.open311Request', { id: defect.delivery.open311RequestId })}</>
            )}
          </p>
        </div>
      </div>
      {defect.photos.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {defect.photos.map((photo) => (
            <a key={photo.url} href={photo.url} target="_blank" rel="noreferrer">
              <img
                src={photo.thumbnailUrl ?? photo.url}
                alt={t('maintenance.photoOf', { what, place: defect.place.name })}
                className="h-20 w-20 rounded-xl object-cover"
                loading="lazy"
              />
            </a>
          ))}
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={answer.isPending}
          aria-label={t('maintenance.fixedLabel', { what, place: defect.place.name })}
          onClick={() => {
            answer.mutate('fixed');
          }}
        >
          {t('maintenance.fixed')}
        </Button>
        <Button
          variant="ghost"
          disabled={answer.isPending}
          aria-label={t('maintenance.notDefectLabel', { what, place: defect.place.name })}
          onClick={() => {
            answer.mutate('not_defect');
          }}
        >
          {t('maintenance.notDefect')}
        </Button>
      </div>
    </li>
  );
}
