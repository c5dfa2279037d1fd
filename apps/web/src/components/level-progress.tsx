/** A thin bar showing how far the person is through their level (levelProgress, 0–1). */
import { useTranslation } from 'react-i18next';

interface LevelProgressProps {
  readonly level: number;
  readonly progress: number;
  readonly className?: string;
}

export function LevelProgress({ level, progress, className = 'h-1.5 w-full' }: LevelProgressProps) {
  const { t } = useTranslation();
  const percent = Math.round(Math.min(1, Math.max(0, progress)) * 100);
  return (
    <span
      role="progressbar"
      aria-label={t('points.progress', { level: level + 1 })}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={`block overflow-hidden rounded-full bg-sun-100 ${className}`}
    >
      <span className="block h-full rounded-full bg-sun-600" style={{ width: `${percent}%` }} />
    </span>
  );
}
