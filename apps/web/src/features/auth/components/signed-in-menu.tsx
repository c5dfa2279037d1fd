/**
 * The header's account corner when signed in: the person's name, level and points with a
 * progress bar, and a menu (profile, My places, removal requests, sign out). Its own chunk:
 * a signed-out first visit never downloads it (account-area.tsx loads it on demand).
 */
import { Heart, Inbox, Star, UserRound } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useMyPoints } from '../../../lib/api/get-my-points.ts';
import { SignOutButton } from './sign-out-button.tsx';
import { LevelProgress } from '../../../components/level-progress.tsx';
import { useMenuDismiss } from '../../../components/use-menu-dismiss.ts';

export function SignedInMenu({ name }: { readonly name: string }) {
  const { t } = useTranslation('auth');
  const points = useMyPoints(true);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const closeMenu = useCallback(() => {
    setOpen(false);
  }, []);

  useMenuDismiss(open, closeMenu, root);

  const level = points.data?.level;
  const summary = points.data
    ? t('menu.levelPoints', { level: points.data.level, count: points.data.points })
    : t('menu.loadingPoints');

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('menu.button', { name, summary })}
        onClick={() => {
          setOpen((current) => !current);
        }}
        className="flex min-h-11 items-center gap-2 rounded-full bg-white py-1 pe-3 ps-1 shadow-sm ring-1 ring-black/5 hover:bg-gray-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
      >
        <span
          aria-hidden="true"
          className="relative flex h-9 w-9 items-center justify-center rounded-full bg-park-800 font-display text-lg font-semibold text-white"
        >
          {name.slice(0, 1).toUpperCase()}
          {level !== undefined && (
            <span className="absolute -end-1 -bottom-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-sun-700 px-1 text-[11px] font-bold ring-2 ring-white">
              {level}
            </span>
          )}
        </span>
        <span aria-hidden="true" className="hidden min-w-28 text-start sm:block">
          <span className="block max-w-36 truncate text-sm leading-tight font-bold text-ink">{name}</span>
          <span className="block text-xs leading-tight text-gray-700">{summary}</span>
          {points.data && (
            <LevelProgress
              level={points.data.level}
              progress={points.data.levelProgress}
              className="mt-1 h-1 w-full"
            />
          )}
        </span>
      </button>
      {open && (
        <div
          id={menuId}
          className="absolute top-full end-0 z-[900] mt-2 w-72 rounded-3xl bg-white p-5 shadow-xl ring-1 ring-black/5"
        >
          <p className="font-display text-xl font-semibold text-ink">{name}</p>
          {points.data && (
            <>
              <p className="mt-1 flex items-center gap-1.5 text-base text-gray-700">
                <Star aria-hidden="true" className="h-4 w-4 fill-sun-500 text-sun-600" />
                {summary}
              </p>
              <LevelProgress
                level={points.data.level}
                progress={points.data.levelProgress}
                className="mt-3 h-2 w-full"
              />
              <p className="mt-2 text-sm text-gray-700">
                {t('menu.toNextLevel', {
                  count: points.data.pointsToNextLevel,
                  level: points.data.level + 1,
                })}
              </p>
            </>
          )}
          <Link
            to={paths.profile}
            onClick={() => {
              setOpen(false);
            }}
            className={buttonClassName('primary', 'mt-4 w-full')}
          >
            <UserRound aria-hidden="true" className="h-5 w-5" />
            {t('menu.profile')}
          </Link>
          <Link
            to={paths.myPlaces}
            onClick={() => {
              setOpen(false);
            }}
            className={buttonClassName('quiet', 'mt-2 w-full')}
          >
            <Heart aria-hidden="true" className="h-5 w-5" />
            {t('menu.myPlaces')}
          </Link>
          <Link
            to={paths.myRemovalRequests}
            onClick={() => {
              setOpen(false);
            }}
            className={buttonClassName('quiet', 'mt-2 w-full')}
          >
            <Inbox aria-hidden="true" className="h-5 w-5" />
            {t('menu.removalRequests')}
          </Link>
          <SignOutButton
            className="mt-2 w-full"
            onSignedOut={() => {
              setOpen(false);
            }}
          />
        </div>
      )}
    </div>
  );
}
