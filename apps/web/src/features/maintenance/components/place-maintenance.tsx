/**
 * On a place's page (issue 48): who maintains it ("Looked after by Stadt Lübeck,
 * Grünflächenamt") and the equipment they fixed lately ("Swing: fixed on 24 Nov 2026 by …").
 * Drawn after hydration: the day depends on the reader's time zone, which the server's HTML
 * cannot know.
 */
import type { PlaceMaintenance as Maintenance } from '@playspot/core';
import { CircleCheck, Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../../lib/use-hydrated.tsx';
import { fixedDay } from './fixed-date.ts';

export function PlaceMaintenance({ maintenance }: { readonly maintenance: Maintenance | undefined }) {
  const { t, i18n } = useTranslation('conditions');
  const hydrated = useHydrated();
  if (!maintenance || !hydrated || (maintenance.maintainedBy === null && maintenance.fixes.length === 0))
    return null;
  return (
    <div className="flex flex-col gap-1 text-base text-gray-800" data-testid="place-maintenance">
      {maintenance.fixes.map((fix) => (
        <p key={`${fix.equipment}-${fix.fixedAt}`} className="flex items-start gap-2 font-bold text-park-800">
          <CircleCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
          {t('maintenance.fixedOn', {
            what: t(`equipment.${fix.equipment}`),
            date: fixedDay(fix.fixedAt, i18n.language),
            area: fix.areaName,
          })}
        </p>
      ))}
      {maintenance.maintainedBy && (
        <p className="flex items-start gap-2">
          <Wrench aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-gray-600" />
          {t('maintenance.maintainedBy', { area: maintenance.maintainedBy.name })}
        </p>
      )}
    </div>
  );
}
