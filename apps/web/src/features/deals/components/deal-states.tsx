/** The deal lists' loading placeholder (a failed load shows components/ui LoadError). */
import { useTranslation } from 'react-i18next';

export function DealsSkeleton() {
  const { t } = useTranslation('deals');
  return (
    <div
      role="status"
      aria-label={t('loading')}
      className="grid gap-4 motion-safe:animate-pulse sm:grid-cols-2 lg:grid-cols-3"
    >
      {[0, 1, 2].map((card) => (
        <div key={card} className="overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-black/5">
          <div className="aspect-[16/9] bg-sun-100" />
          <div className="space-y-2 p-5">
            <div className="h-5 w-2/3 rounded-full bg-gray-200" />
            <div className="h-4 w-1/3 rounded-full bg-gray-200" />
          </div>
        </div>
      ))}
    </div>
  );
}
