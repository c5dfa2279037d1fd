/**
 * /profile: the signed-in person's own page: user name (with the live check), points and
 * level, what they added, wrote and visited, sign out, 'Download my data' and 'Delete my
 * account'.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../components/ui/button.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { env } from '../../config/env.ts';
import { paths } from '../../config/paths.ts';
import { SignOutButton } from '../../features/auth/components/sign-out-button.tsx';
import { useSignInOnArrival } from '../../features/auth/hooks/use-sign-in-on-arrival.ts';
import { LevelProgress } from '../../components/level-progress.tsx';
import { ContributionLists } from '../../features/profile/components/contribution-lists.tsx';
import { DeleteAccountSection } from '../../features/profile/components/delete-account-dialog.tsx';
import { DownloadMyDataSection } from '../../features/profile/components/download-my-data.tsx';
import { PointsSummary } from '../../features/profile/components/points-summary.tsx';
import { ProfileHeader } from '../../features/profile/components/profile-header.tsx';
import { UserNameForm } from '../../features/profile/components/user-name-form.tsx';
import { useMyContributions } from '../../features/profile/api/get-profiles.ts';
import { MaintainerLink } from '../../features/maintenance/components/maintainer-link.tsx';
import { MyFixes } from '../../features/maintenance/components/my-fixes.tsx';
import { useTranslation } from 'react-i18next';

function Loading() {
  const { t } = useTranslation('profile');
  return <PageSpinner label={t('loadingOwn')} />;
}

export function ProfileRoute() {
  const { t } = useTranslation('profile');
  const { me, askToSignIn, stopAsking } = useSignInOnArrival('profile');
  const signedIn = me.data != null;
  const contributions = useMyContributions(signedIn);

  const page = (children: ReactNode) => (
    <div className="mx-auto w-full max-w-4xl space-y-5 px-5 pt-6 pb-12 sm:pt-10">
      <title>{t('pageTitle', { product: env.productName })}</title>
      {children}
    </div>
  );

  if (me.isPending) return <Loading />;
  if (!me.data) {
    return page(
      <div className="rounded-3xl bg-white p-8 text-center shadow-sm ring-1 ring-black/5">
        <h1 className="font-display text-3xl font-semibold text-ink">{t('title')}</h1>
        <p className="mt-2 text-base text-gray-700">{t('signInHint')}</p>
        <Button className="mt-5" onClick={askToSignIn}>
          {t('signIn')}
        </Button>
      </div>,
    );
  }

  const user = me.data;
  const name = user.userName ?? user.displayName ?? t('you');
  return page(
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <ProfileHeader name={name} since={user.createdAt} />
        <div className="flex gap-2">
          {user.userName && (
            <Link to={paths.user.build(user.userName)} className={buttonClassName('ghost')}>
              {t('publicPage')}
            </Link>
          )}
          {/* Signing out here is not a reason to offer signing in again: the page shows its
              signed-out state, and the toast says it worked. */}
          <SignOutButton onSignOut={stopAsking} />
        </div>
      </div>
      <div className="grid gap-5 md:grid-cols-2">
        <PointsSummary
          points={user.points}
          level={user.level}
          renderProgress={(progress) => (
            <LevelProgress level={user.level} progress={progress} className="h-3 w-full" />
          )}
        />
        <div className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5">
          <UserNameForm key={user.userName ?? ''} current={user.userName} />
        </div>
      </div>
      {contributions.isPending ? (
        <Loading />
      ) : contributions.isError ? (
        <LoadError onRetry={() => void contributions.refetch()}>{t('contributionsFailed')}</LoadError>
      ) : (
        <ContributionLists
          placeHref={paths.place.build}
          addedLocations={contributions.data.addedLocations}
          comments={contributions.data.comments}
          visits={contributions.data.visits}
          counts={contributions.data.counts}
          who={{ subject: name, own: true }}
        />
      )}
      <MyFixes placeHref={paths.place.build} />
      <MaintainerLink href={paths.maintenance} />
      <DownloadMyDataSection />
      <DeleteAccountSection />
    </>,
  );
}
