/** The frame of the add and edit pages: a back link, a friendly heading, then the form. */
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { useTranslation } from 'react-i18next';

interface ContributePageProps {
  readonly title: string;
  /** Null where it does not apply (the edit page for someone who may not edit). */
  readonly intro: ReactNode | null;
  readonly backHref: string;
  readonly backLabel: string;
  readonly children: ReactNode;
}

export function ContributePage({ title, intro, backHref, backLabel, children }: ContributePageProps) {
  return (
    <div className="mx-auto w-full max-w-2xl px-5 pt-4 pb-10 sm:pt-8 lg:max-w-6xl">
      <Link to={backHref} className={buttonClassName('ghost', '-ms-3')}>
        <ArrowLeft aria-hidden="true" className="h-5 w-5 rtl:-scale-x-100" />
        {backLabel}
      </Link>
      <h1 className="mt-3 font-display text-3xl leading-tight font-semibold text-ink sm:text-4xl">{title}</h1>
      {intro !== null && <p className="mt-2 text-base leading-relaxed text-gray-700">{intro}</p>}
      <div className="mt-7 rounded-[2rem] bg-white p-5 shadow-sm ring-1 ring-black/5 sm:p-8">{children}</div>
    </div>
  );
}

/** Shown to someone signed out: why to sign in, and the button that opens the sign-in dialog. */
export function SignInToContribute({
  what,
  onSignIn,
}: {
  readonly what: string;
  readonly onSignIn: () => void;
}) {
  const { t } = useTranslation('contribute');
  return (
    <div className="text-center">
      <p className="font-display text-2xl font-semibold text-ink">{t('signIn.title', { what })}</p>
      <p className="mt-2 text-base text-gray-700">{t('signIn.text')}</p>
      <button type="button" onClick={onSignIn} className={buttonClassName('primary', 'mt-5')}>
        {t('signIn.button')}
      </button>
    </div>
  );
}
