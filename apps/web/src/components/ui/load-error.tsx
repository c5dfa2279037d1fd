/** The card a list shows when it did not load: what is missing, and 'Try again'. */
import { RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { useTranslation } from 'react-i18next';

export function LoadError({
  children,
  onRetry,
}: {
  readonly children: ReactNode;
  readonly onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="rounded-3xl bg-white p-5 text-base text-gray-700 shadow-sm ring-1 ring-black/5">
      <p>{children}</p>
      <Button variant="secondary" className="mt-3" onClick={onRetry}>
        <RotateCcw aria-hidden="true" className="h-5 w-5" />
        {t('tryAgain')}
      </Button>
    </div>
  );
}
