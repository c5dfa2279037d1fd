/**
 * The bar on every page: the wordmark (to the map), Map, Events, Deals, Moderation (moderators
 * and admins), About and Terms, the language menu and the account corner. On narrow phones the
 * links show their icons only and the wordmark its mark (which leads to the map, so Map itself
 * steps aside below 430 px: German's 'Anmelden' needs the room), so everything fits one row.
 */
import { CalendarHeart, Gift, Info, Map as MapIcon, ShieldCheck } from 'lucide-react';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { LogoMark } from '../../components/ui/logo.tsx';
import { env } from '../../config/env.ts';
import { paths } from '../../config/paths.ts';
import { useCurrentUser } from '../../features/auth/api/get-current-user.ts';
import { LanguageMenu } from './language-menu.tsx';
import { withNamespaces } from '../../lib/i18n/i18n.ts';
import { SuspenseAfterHydration } from '../../components/suspense-after-hydration.tsx';

// The account corner (sign-in button or the person's menu) loads just after the first paint;
// its place holds still meanwhile, as while the person is being looked up.
const AccountArea = lazy(async () => ({
  default: (await withNamespaces(() => import('../../features/auth/components/account-area.tsx'), 'auth'))
    .AccountArea,
}));

function AccountAreaPending() {
  return <span aria-hidden="true" className="h-11 w-24 rounded-full bg-white/60" />;
}

const navLinkBase =
  'min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-full px-2.5 text-base font-bold whitespace-nowrap transition-colors duration-150 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600 md:px-3';

const navLink =
  (display = 'inline-flex') =>
  ({ isActive }: { isActive: boolean }) =>
    `${display} ${navLinkBase} ${isActive ? 'bg-sun-100 text-sun-900' : 'text-gray-700 hover:bg-white/70'}`;

export function AppHeader() {
  const { t } = useTranslation();
  const role = useCurrentUser().data?.role;
  const moderates = role === 'moderator' || role === 'admin';
  return (
    // Opaque rather than blurred: a backdrop filter is drawn again in every frame (dialog-styles.ts).
    <header className="sticky top-0 z-[800] box-content h-16 shrink-0 pt-[env(safe-area-inset-top)] border-b border-sun-100 bg-sun-50">
      <div className="mx-auto flex h-full items-center gap-0.5 px-2 min-[400px]:gap-1 min-[400px]:px-3 sm:gap-2 sm:px-5">
        <Link
          to={paths.map}
          className="me-auto flex min-h-11 shrink-0 items-center gap-2 rounded-full pe-2 font-display text-2xl font-semibold text-sun-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
        >
          <LogoMark className="h-8 w-8" />
          <span className="sr-only min-[430px]:not-sr-only">{env.productName}</span>
        </Link>
        <nav aria-label={t('header.main')} className="flex items-center gap-0.5 min-[400px]:gap-1">
          <NavLink
            to={paths.map}
            className={navLink('hidden min-[430px]:inline-flex')}
            aria-label={t('header.map')}
          >
            <MapIcon aria-hidden="true" className="h-5 w-5" />
            <span className="hidden lg:inline">{t('header.map')}</span>
          </NavLink>
          <NavLink to={paths.events} className={navLink()} aria-label={t('header.events')}>
            <CalendarHeart aria-hidden="true" className="h-5 w-5" />
            <span className="hidden lg:inline">{t('header.events')}</span>
          </NavLink>
          <NavLink to={paths.deals} className={navLink()} aria-label={t('header.deals')}>
            <Gift aria-hidden="true" className="h-5 w-5" />
            <span className="hidden lg:inline">{t('header.deals')}</span>
          </NavLink>
          {moderates && (
            <NavLink to={paths.moderation} className={navLink()} aria-label={t('header.moderation')}>
              <ShieldCheck aria-hidden="true" className="h-5 w-5" />
              <span className="hidden lg:inline">{t('header.moderation')}</span>
            </NavLink>
          )}
          <NavLink to={paths.aboutUs} className={navLink()} aria-label={t('header.aboutUs')}>
            <Info aria-hidden="true" className="h-5 w-5" />
            <span className="hidden lg:inline">{t('header.about')}</span>
          </NavLink>
          <NavLink to={paths.terms} className={navLink('hidden md:inline-flex')}>
            {t('header.terms')}
          </NavLink>
        </nav>
        <LanguageMenu />
        <SuspenseAfterHydration fallback={<AccountAreaPending />}>
          <AccountArea />
        </SuspenseAfterHydration>
      </div>
    </header>
  );
}
