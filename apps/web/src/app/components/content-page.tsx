/** The frame of text pages (About us, Terms): a warm header band, readable measure, a footer. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { env } from '../../config/env.ts';
import { paths } from '../../config/paths.ts';
import { useTranslation } from 'react-i18next';

interface ContentPageProps {
  readonly eyebrow: string;
  readonly title: string;
  readonly lead: ReactNode;
  readonly children: ReactNode;
  /** First in the header band, above the title (e.g. 'Continue to <place>'). */
  readonly before?: ReactNode;
}

export function ContentPage({ eyebrow, title, lead, children, before }: ContentPageProps) {
  const { t } = useTranslation('app');
  return (
    <div className="flex-1 bg-white">
      <title>{t('content.pageTitle', { title, product: env.productName })}</title>
      <div className="bg-gradient-to-b from-sun-100 to-sun-50 px-5 pt-10 pb-12 sm:pt-16 sm:pb-16">
        <div className="mx-auto max-w-3xl">
          {before}
          <p className="font-display text-lg font-medium text-sun-800">{eyebrow}</p>
          {/* One long word ("Nutzungsbedingungen") is hyphenated in its language (else broken) rather than cut. */}
          <h1 className="mt-1 font-display text-4xl leading-tight font-semibold break-words text-ink hyphens-auto sm:text-5xl">
            {title}
          </h1>
          <div className="mt-4 text-lg leading-relaxed text-gray-800 sm:text-xl">{lead}</div>
        </div>
      </div>
      <div className="px-5 py-10">
        <div className="mx-auto max-w-3xl text-lg leading-relaxed text-gray-800">{children}</div>
      </div>
      <footer className="border-t border-gray-100 bg-sun-50 px-5 py-8 text-base text-gray-700">
        <div className="mx-auto flex max-w-3xl flex-wrap items-center gap-x-6 gap-y-2">
          <span>{t('content.footer', { product: env.productName })}</span>
          <Link to={paths.aboutUs} className="font-bold text-park-800 underline underline-offset-2">
            {t('content.about')}
          </Link>
          <Link to={paths.terms} className="font-bold text-park-800 underline underline-offset-2">
            {t('content.terms')}
          </Link>
          <span>
            {t('content.mapData')}{' '}
            <a
              href="https://www.openstreetmap.org/copyright"
              className="font-bold text-park-800 underline underline-offset-2"
            >
              {t('content.osm')}
            </a>
          </span>
        </div>
      </footer>
    </div>
  );
}

export function Section({
  id,
  title,
  children,
}: {
  readonly id: string;
  readonly title: string;
  readonly children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-10 first:mt-0">
      <h2 id={id} className="font-display text-2xl font-semibold text-ink sm:text-3xl">
        {title}
      </h2>
      <div className="mt-3 space-y-4">{children}</div>
    </section>
  );
}
