/** /users/:userName: someone's public page: points, level, places added and comments. */
import { Link, useParams } from 'react-router';
import { buttonClassName } from '../../components/ui/button.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { env } from '../../config/env.ts';
import { paths } from '../../config/paths.ts';
import { LevelProgress } from '../../components/level-progress.tsx';
import { ContributionLists } from '../../features/profile/components/contribution-lists.tsx';
import { PointsSummary } from '../../features/profile/components/points-summary.tsx';
import { ProfileHeader } from '../../features/profile/components/profile-header.tsx';
import { useUserProfile } from '../../features/profile/api/get-profiles.ts';
import { ApiError } from '../../lib/api-client.ts';
import { NotFoundRoute } from './not-found.tsx';
import { useTranslation } from 'react-i18next';

export function UserProfileRoute() {
  const { t } = useTranslation('profile');
  const { userName = '' } = useParams();
  const profile = useUserProfile(userName);

  if (profile.isPending) {
    return <PageSpinner label={t('loading')} />;
  }
  if (profile.isError) {
    if (profile.error instanceof ApiError && profile.error.status === 404) return <NotFoundRoute />;
    return (
      <div className="mx-auto max-w-xl px-5 py-12 text-center">
        <p className="text-lg">{t('loadFailed')}</p>
        <button
          type="button"
          className={buttonClassName('secondary', 'mt-4')}
          onClick={() => void profile.refetch()}
        >
          {t('tryAgain')}
        </button>
      </div>
    );
  }
  const user = profile.data;
  const name = user.userName ?? userName;
  return (
    <div className="mx-auto w-full max-w-4xl space-y-5 px-5 pt-6 pb-12 sm:pt-10">
      <title>{`${name} · ${env.productName}`}</title>
      <ProfileHeader name={name} since={user.createdAt} />
      <div className="max-w-md">
        <PointsSummary
          points={user.points}
          level={user.level}
          renderProgress={(progress) => (
            <LevelProgress level={user.level} progress={progress} className="h-3 w-full" />
          )}
        />
      </div>
      <ContributionLists
        placeHref={paths.place.build}
        addedLocations={user.addedLocations}
        comments={user.comments}
        counts={user.counts}
        who={{ subject: name, own: false }}
      />
      <Link to={paths.map} className={buttonClassName('ghost', '-ms-3')}>
        {t('backToMap')}
      </Link>
    </div>
  );
}
