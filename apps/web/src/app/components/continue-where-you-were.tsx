/**
 * 'Continue to <place>' on the About page after the terms dialog's 'Learn more': a parent who
 * opened a shared place is one tap from it again (the dialog's buttons stay as the spec has
 * them; 'Learn more' passes where the person was as navigation state).
 */
import { ArrowRight } from 'lucide-react';
import { Link, matchPath, useLocation } from 'react-router';
import { buttonClassName } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';
import { usePlaceDetails } from '../../lib/api/get-place.ts';
import { useTranslation } from 'react-i18next';

/** Navigation state carrying where to go back to. */
export interface ReturnToState {
  readonly returnTo: string;
}

/** A path of this app to return to, or null (another origin, '//host', or nothing usable). */
export function returnToFrom(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('returnTo' in state)) return null;
  const { returnTo } = state;
  if (typeof returnTo !== 'string' || !returnTo.startsWith('/') || returnTo.startsWith('//')) return null;
  return returnTo;
}

const PAGE_NAMES: Record<string, 'map' | 'events' | 'deals' | 'profile'> = {
  [paths.map]: 'map',
  [paths.events]: 'events',
  [paths.deals]: 'deals',
  [paths.profile]: 'profile',
};

function placeIdOf(returnTo: string): string | null {
  const id = matchPath(paths.place.pattern, returnTo.split(/[?#]/u)[0] ?? '')?.params.locationId;
  return id === undefined || id === 'new' ? null : id;
}

function ContinueToPlace({ placeId, to }: { readonly placeId: string; readonly to: string }) {
  const { t } = useTranslation('app');
  const place = usePlaceDetails(placeId);
  return (
    <ContinueLink
      to={to}
      text={place.data ? t('continue.toPlace', { name: place.data.name }) : t('continue.pages.sharedPlace')}
    />
  );
}

/** `text` is the whole phrase: German joins "zu" with the article ("zur Karte"). */
function ContinueLink({ to, text }: { readonly to: string; readonly text: string }) {
  return (
    <Link
      to={to}
      className={buttonClassName('primary', 'mb-6 w-full max-w-full py-3 text-start text-lg sm:w-auto')}
      data-testid="continue-where-you-were"
    >
      {/* A long place name wraps rather than being cut: it is what the person came for. */}
      <span className="min-w-0 text-balance">{text}</span>
      <ArrowRight aria-hidden="true" className="h-5 w-5 shrink-0 rtl:-scale-x-100" />
    </Link>
  );
}

export function ContinueWhereYouWere() {
  const { t } = useTranslation('app');
  const returnTo = returnToFrom(useLocation().state);
  if (returnTo === null || returnTo === paths.aboutUs) return null;
  const placeId = placeIdOf(returnTo);
  if (placeId !== null) return <ContinueToPlace placeId={placeId} to={returnTo} />;
  return (
    <ContinueLink
      to={returnTo}
      text={t(`continue.pages.${PAGE_NAMES[returnTo.split(/[?#]/u)[0] ?? ''] ?? 'elsewhere'}`)}
    />
  );
}
