/**
 * In a parent's profile (issue 48): equipment they reported or confirmed broken that its
 * maintainer fixed, "Swing at Drehbrückenplatz: fixed on 24 Nov 2026 by Stadt Lübeck".
 */
import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMyFixes } from '../api/maintenance.ts';
import { fixedDay } from './fixed-date.ts';

export function MyFixes({ placeHref }: { readonly placeHref: (placeId: string) => string }) {
  const { t, i18n } = useTranslation('conditions');
  const fixes = useMyFixes(true);
  if (!fixes.data || fixes.data.fixes.length === 0) return null;
  return (
    <section aria-labelledby="my-fixes" className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5">
      <h2 id="my-fixes" className="font-display text-2xl font-semibold text-ink">
        {t('maintenance.myFixes')}
      </h2>
      <ul className="mt-3 flex flex-col gap-2">
        {fixes.data.fixes.map((fix) => (
          <li key={`${fix.place.id}-${fix.equipment}-${fix.fixedAt}`} className="flex items-start gap-2">
            <CircleCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-park-800" />
            <span>
              <Link to={placeHref(fix.place.id)} className="font-bold text-park-800 underline">
                {fix.place.name}
              </Link>
              {' · '}
              {t('maintenance.fixedOn', {
                what: t(`equipment.${fix.equipment}`),
                date: fixedDay(fix.fixedAt, i18n.language),
                area: fix.areaName,
              })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
