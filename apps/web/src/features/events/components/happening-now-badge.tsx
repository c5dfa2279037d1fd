/** The 'Happening now' chip: a live dot (still when motion is reduced) and words, never colour alone. */
import { useTranslation } from 'react-i18next';
export function HappeningNowBadge({ className = '' }: { readonly className?: string }) {
  const { t } = useTranslation('events');
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full bg-park-800 px-2.5 py-1 text-sm font-bold text-white ${className}`}
    >
      <span aria-hidden="true" className="relative flex h-2.5 w-2.5">
        <span className="absolute inline-flex h-full w-full rounded-full bg-park-200 opacity-75 motion-safe:animate-ping" />
        <span className="relative inline-flex h-2.5 w-2.5 rounded-full bg-park-200" />
      </span>
      {t('now')}
    </span>
  );
}
