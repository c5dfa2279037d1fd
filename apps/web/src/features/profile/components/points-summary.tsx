/**
 * Level, points and the bar to the next level (spec §9: level n at 100·n·(n+1)/2 points,
 * computed by core's levelProgress and pointsToNextLevel).
 */
import { levelProgress, pointsToNextLevel } from '@playspot/core';
import { Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface PointsSummaryProps {
  readonly points: number;
  readonly level: number;
  /** The app's level bar (components/level-progress.tsx), given the 0–1 progress through this level. */
  readonly renderProgress: (progress: number) => ReactNode;
}

export function PointsSummary({ points, level, renderProgress }: PointsSummaryProps) {
  const { t } = useTranslation('profile');
  return (
    <div className="rounded-3xl bg-sun-50 p-5 ring-1 ring-sun-100">
      <div className="flex items-center gap-4">
        <span
          aria-hidden="true"
          className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-sun-700 font-display text-2xl font-semibold text-white"
        >
          {level}
        </span>
        <div>
          <p className="font-display text-2xl leading-tight font-semibold text-ink">
            {t('level', { level })}
          </p>
          <p className="flex items-center gap-1.5 text-base text-gray-800">
            <Star aria-hidden="true" className="h-4 w-4 fill-sun-500 text-sun-600" />
            {t('points', { count: points })}
          </p>
        </div>
      </div>
      <div className="mt-4">{renderProgress(levelProgress(points))}</div>
      <p className="mt-2 text-sm text-gray-700">
        {t('toNextLevel', { count: pointsToNextLevel(points), level: level + 1 })}
      </p>
    </div>
  );
}
