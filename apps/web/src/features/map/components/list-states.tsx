/**
 * Designed states for the list (DESIGN.md): skeletons while loading, a way forward when empty
 * or failed. The messages load apart (list-messages.tsx): the list's first paint never needs them.
 */
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { loadNamespaces } from '../../../lib/i18n/i18n.ts';
import { useAfterHydration } from '../../../lib/use-hydrated.tsx';

export const ListError = lazy(async () => ({ default: (await import('./list-messages.tsx')).ListError }));
// The empty list names the filters that are on in the filters sheet's words (its namespace).
export const ListEmpty = lazy(async () => {
  const [module] = await Promise.all([import('./list-messages.tsx'), loadNamespaces('filters')]);
  return { default: module.ListEmpty };
});

/**
 * The list's skeleton. It pulses only while its read is on its way (`fetching`): a read that
 * waits (for the terms, for the position) has nothing to show progress of, and an animation
 * that never ends keeps the compositor drawing frames; on a two-core machine without a GPU
 * that took a core from the page's first seconds (issue 42).
 */
export function ListSkeleton({ fetching }: { readonly fetching: boolean }) {
  const { t } = useTranslation('map');
  // The server draws it still: it fetches nothing.
  const pulse = useAfterHydration(fetching) ? ' motion-safe:animate-pulse' : '';
  return (
    <div role="status" aria-label={t('list.loading')} className="space-y-2 p-2">
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className={`flex items-center gap-3 p-2${pulse}`}>
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
