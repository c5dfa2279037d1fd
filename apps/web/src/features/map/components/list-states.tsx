/**
 * Designed states for the list (DESIGN.md): skeletons while loading, a way forward when empty
 * or failed. The messages load apart (list-messages.tsx): the list's first paint never needs them.
 */
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { loadNamespaces } from '../../../lib/i18n/i18n.ts';

export const ListError = lazy(async () => ({ default: (await import('./list-messages.tsx')).ListError }));
// The empty list names the filters that are on in the filters sheet's words (its namespace).
export const ListEmpty = lazy(async () => {
  const [module] = await Promise.all([import('./list-messages.tsx'), loadNamespaces('filters')]);
  return { default: module.ListEmpty };
});

export function ListSkeleton() {
  const { t } = useTranslation('map');
  return (
    <div role="status" aria-label={t('list.loading')} className="space-y-2 p-2">
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className="flex items-center gap-3 p-2 motion-safe:animate-pulse">
          <div className="h-16 w-16 rounded-2xl bg-sun-100" />
          <div className="flex-1 space-y-2">
            <div className="h-4 w-2/3 rounded-full bg-gray-200" />
            <div className="h-3 w-1/3 rounded-full bg-gray-200" />
            <div className="h-5 w-1/2 rounded-full bg-gray-100" />
          </div>
        </div>
      ))}
    </div>
  );
}
