/** The list's messages when it failed or found nothing: what happened, and a way forward. */
import { CloudOff, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';

function StateMessage(props: {
  readonly icon: ReactNode;
  readonly title: string;
  readonly children: ReactNode;
  readonly action?: ReactNode;
  readonly role?: 'alert' | 'status';
}) {
  return (
    <div role={props.role} className="flex flex-col items-center px-6 py-8 text-center">
      <span
        aria-hidden="true"
        className="flex h-16 w-16 items-center justify-center rounded-3xl bg-sun-100 text-sun-700"
      >
        {props.icon}
      </span>
      <h3 className="mt-4 font-display text-xl font-medium text-ink">{props.title}</h3>
      <p className="mt-1 max-w-xs text-base text-gray-700">{props.children}</p>
      {props.action && <div className="mt-4">{props.action}</div>}
    </div>
  );
}

export function ListError({ onRetry }: { readonly onRetry: () => void }) {
  const { t } = useTranslation('map');
  return (
    <StateMessage
      role="alert"
      icon={<CloudOff className="h-8 w-8" />}
      title={t('list.errorTitle')}
      action={<Button onClick={onRetry}>{t('list.tryAgain')}</Button>}
    >
      {t('list.errorText')}
    </StateMessage>
  );
}

export function ListEmpty({ onClearFilters }: { readonly onClearFilters: (() => void) | null }) {
  const { t } = useTranslation('map');
  return (
    <StateMessage
      role="status"
      icon={<SearchX className="h-8 w-8" />}
      title={t('list.emptyTitle')}
      action={
        onClearFilters && (
          <Button variant="secondary" onClick={onClearFilters}>
            {t('list.clearFilters')}
          </Button>
        )
      }
    >
      {onClearFilters ? t('list.emptyFiltered') : t('list.emptyArea')}
    </StateMessage>
  );
}
