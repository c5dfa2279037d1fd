/**
 * What an uncaught rendering error shows (spec §2, §8): 'Something went wrong.' with the
 * details folded away in a <details> for whoever needs them, and two ways forward.
 */
import { CloudLightning, RotateCcw } from 'lucide-react';
import type { FallbackProps } from 'react-error-boundary';
import { useRouteError } from 'react-router';
import { Button, buttonClassName } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';
import { useTranslation } from 'react-i18next';

function describe(error: unknown): string {
  if (error instanceof Error)
    return `${error.name}: ${error.message}${error.stack ? `\n\n${error.stack}` : ''}`;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error, null, 2);
  } catch {
    return String(error);
  }
}

interface ErrorPanelProps {
  readonly error: unknown;
  readonly onRetry: () => void;
}

export function ErrorPanel({ error, onRetry }: ErrorPanelProps) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center px-6 py-16 text-center">
      <span
        aria-hidden="true"
        className="flex h-20 w-20 items-center justify-center rounded-[1.75rem] bg-sun-100 text-sun-700"
      >
        <CloudLightning className="h-10 w-10" />
      </span>
      <h1 className="mt-6 font-display text-3xl font-semibold text-ink">{t('errorPage.title')}</h1>
      <p className="mt-2 text-lg text-gray-700">{t('errorPage.text')}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button onClick={onRetry}>
          <RotateCcw aria-hidden="true" className="h-5 w-5" />
          {t('tryAgain')}
        </Button>
        {/* A full page load: whatever state broke is left behind. */}
        <a href={paths.map} className={buttonClassName('secondary')}>
          {t('errorPage.toMap')}
        </a>
      </div>
      <details className="mt-8 w-full rounded-2xl bg-white p-4 text-start shadow-sm ring-1 ring-black/5">
        <summary className="min-h-11 cursor-pointer content-center font-bold text-gray-800">
          {t('errorPage.details')}
        </summary>
        <pre className="mt-3 max-h-72 overflow-auto rounded-xl bg-gray-50 p-3 text-sm whitespace-pre-wrap text-gray-800">
          {describe(error)}
        </pre>
      </details>
    </div>
  );
}

/** For react-error-boundary around the pages. */
export function ErrorFallback({ error, resetErrorBoundary }: FallbackProps) {
  return <ErrorPanel error={error} onRetry={resetErrorBoundary} />;
}

/** For the router, when the layout itself or a route's loading fails. */
export function RouteErrorFallback() {
  const error = useRouteError();
  return (
    <main className="min-h-dvh bg-sun-50">
      <ErrorPanel
        error={error}
        onRetry={() => {
          window.location.reload();
        }}
      />
    </main>
  );
}
