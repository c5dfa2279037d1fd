import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button.tsx';
import { env } from '../../config/env.ts';
import { paths } from '../../config/paths.ts';
import { useTranslation } from 'react-i18next';

export function NotFoundRoute() {
  const { t } = useTranslation('app');
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-6 py-20 text-center">
      <title>{t('notFound.pageTitle', { product: env.productName })}</title>
      <span
        aria-hidden="true"
        className="flex h-20 w-20 items-center justify-center rounded-[1.75rem] bg-park-100 text-park-800"
      >
        <Compass className="h-10 w-10" />
      </span>
      <h1 className="mt-6 font-display text-3xl font-semibold text-ink">{t('notFound.title')}</h1>
      <p className="mt-2 text-lg text-gray-700">{t('notFound.text')}</p>
      <Link to={paths.map} className={buttonClassName('primary', 'mt-6')}>
        {t('notFound.back')}
      </Link>
    </div>
  );
}
