/**
 * /locations/:locationId: one place as a shareable page (photos, votes, tags, visits,
 * comments). Records view_location once the place has loaded. Features never import each
 * other, so the page composes them here: place-details gets the signed-in person and the
 * sign-in dialog (auth), the place's events (events) and the small map (map).
 */
import type { PlacePage } from '@playspot/core';
import { ArrowLeft } from 'lucide-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, memo, useDeferredValue, useEffect, useState, type ComponentProps } from 'react';
import { Link, useParams } from 'react-router';
import { buttonClassName } from '../../components/ui/button.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { env } from '../../config/env.ts';
import { paths } from '../../config/paths.ts';
import { trackViewPlace } from '../../lib/analytics/analytics.ts';
import { useCurrentUser } from '../../features/auth/api/get-current-user.ts';
import { useSignInDialog } from '../../features/auth/hooks/use-sign-in-dialog.tsx';
import { LiveConditions } from '../../features/conditions/components/live-conditions.tsx';
import { PlaceEvents } from '../../features/events/components/place-events.tsx';
import { SavePlaceButton } from '../../features/favourites/components/save-place-button.tsx';
import { PlaceDetails } from '../../features/place-details/components/place-details.tsx';
import { PlaceMaintenance } from '../../features/maintenance/components/place-maintenance.tsx';
import { useMyRemovalRequests } from '../../features/moderation/api/get-my-removal-requests.ts';
import { useUserPosition } from '../../features/user-position/hooks/use-user-position.ts';
import { usePlaceDetails } from '../../lib/api/get-place.ts';
import { PlacePageReadingProvider } from '../../lib/place-page-reading.ts';
import { useScrollToTop } from '../hooks/use-scroll-to-top.ts';
import { NotFoundRoute } from './not-found.tsx';
import { partsFromKeptPage, placePagePath, placePageQueryOptions } from './place-page-read.ts';
import { NotSavedOffline } from '../components/not-saved-offline.tsx';
import { savedTimeText, useIsOnline, useSavedCopyDate } from '../../lib/use-saved-copy.ts';
import { afterFirstScreen } from '../../lib/after-first-screen.ts';
import { WhenNearView } from '../../components/when-near-view.tsx';
import { useTranslation } from 'react-i18next';
import { SuspenseAfterHydration } from '../../components/suspense-after-hydration.tsx';

/** The small map loads apart: Leaflet is not needed to read about a place. */
// Leaflet waits until the page is interactive (issue 28), and until the map is scrolled near
// (on a phone it sits below the facts): the place's facts come first.
const PlaceMiniMap = lazy(async () => {
  await afterFirstScreen();
  return { default: (await import('../../features/map/components/place-mini-map.tsx')).PlaceMiniMap };
});

/** The small map's place while it loads, or until it is scrolled near (the same size). */
const miniMapPending = <div className="h-44 rounded-2xl bg-map" aria-hidden="true" />;

export function PlaceRoute() {
  const { t, i18n } = useTranslation('location-details');
  const { locationId = null } = useParams();
  // One read brings the page (place-page-read.ts); the place's own read only if it fails.
  const queryClient = useQueryClient();
  // On the first draw, before the sections: the parts of the answer the HTML brought.
  useState(() => {
    partsFromKeptPage(queryClient, locationId);
  });
  const pageRead = useQuery(placePageQueryOptions(locationId));
  const online = useIsOnline();
  // Offline, a page never saved here fails its first try: the place's own read (an older
  // saved copy) goes at once, not after the retry's wait, so "not saved" is said at once.
  const pageReading = pageRead.fetchStatus === 'fetching' && (online || pageRead.failureCount === 0);
  const placeQuery = usePlaceDetails(locationId, { enabled: !pageReading });
  // When the place arrives after the page's first render (no server-drawn HTML), it is first
  // drawn as a transition, in slices: the query's update alone would draw the whole page in
  // one long task (issue 28). From then on (a vote, a comment) every change shows at once.
  const deferred = useDeferredValue(placeQuery.data);
  const place =
    deferred?.id === locationId && placeQuery.data?.id === locationId ? placeQuery.data : undefined;
  const savedAt = useSavedCopyDate(placePagePath(locationId ?? ''));
  useScrollToTop(locationId);
  // Read when the browser already allows it; a shared link never prompts for location.
  const { position, readPositionNow } = useUserPosition(true, { askWhenUndecided: false });
  // A place you asked to remove says so, instead of offering to ask again.
  const me = useCurrentUser();
  const { openSignIn } = useSignInDialog();
  const myRequests = useMyRemovalRequests(Boolean(me.data));
  const removalPending =
    myRequests.data?.some((request) => request.locationId === locationId && request.status === 'pending') ??
    false;
  const found = placeQuery.isSuccess;

  useEffect(() => {
    if (found && locationId !== null) trackViewPlace(locationId, 'page');
  }, [found, locationId]);

  // Offline, a place the device never saved fails its one try at once: say so, not "loading".
  if (!placeQuery.data && !online && (placeQuery.isError || placeQuery.failureCount > 0))
    return <NotSavedOffline />;
  if (placeQuery.isError && !place) return <NotFoundRoute />;
  if (!place) return <PageSpinner label={t('loading')} />;

  return (
    <article className="mx-auto w-full max-w-5xl px-4 pt-4 pb-12 sm:px-6">
      <title>{`${place.name} · ${env.productName}`}</title>
      <Link to={paths.map} className={buttonClassName('ghost', '-ms-3')}>
        <ArrowLeft aria-hidden="true" className="h-5 w-5 rtl:-scale-x-100" />
        {t('backToMap')}
      </Link>
      {savedAt && (
        <p className="mb-2 text-base font-bold text-sun-800" data-testid="saved-copy">
          {t('savedCopy', { time: savedTimeText(savedAt, new Date(), i18n.language) })}
        </p>
      )}
      <PlacePageReadingProvider value={pageReading}>
        <PlaceSections
          place={place}
          position={position}
          readPosition={readPositionNow}
          removalPending={removalPending}
          maintenance={pageRead.data?.place.id === place.id ? pageRead.data.maintenance : undefined}
          me={me.data ?? null}
          onSignIn={openSignIn}
        />
      </PlacePageReadingProvider>
    </article>
  );
}

type PlaceDetailsProps = ComponentProps<typeof PlaceDetails>;

interface PlaceSectionsProps {
  readonly place: PlaceDetailsProps['place'];
  readonly position: PlaceDetailsProps['position'];
  readonly readPosition: NonNullable<PlaceDetailsProps['readPosition']>;
  readonly removalPending: boolean;
  readonly maintenance: PlacePage['maintenance'] | undefined;
  readonly me: PlaceDetailsProps['me'];
  readonly onSignIn: (source: string) => void;
}

/**
 * The page's sections, drawn again only when what they show changes: the page itself redraws
 * as the position check, the sign-in answer and the network state arrive after its first
 * paint, and each full redraw of a place was a long task on a phone (issue 28).
 */
const PlaceSections = memo(function PlaceSections({
  place,
  position,
  readPosition,
  removalPending,
  maintenance,
  me,
  onSignIn,
}: PlaceSectionsProps) {
  return (
    <PlaceDetails
      place={place}
      position={position}
      readPosition={readPosition}
      removalPending={removalPending}
      me={me}
      onSignIn={onSignIn}
      saveButton={<SavePlaceButton placeId={place.id} me={me} onSignIn={onSignIn} />}
      maintenance={<PlaceMaintenance maintenance={maintenance} />}
      conditions={
        <LiveConditions
          locationId={place.id}
          placeName={place.name}
          signedIn={me !== null}
          onSignIn={onSignIn}
          readPosition={readPosition}
        />
      }
      events={
        <PlaceEvents
          locationId={place.id}
          locationName={place.name}
          signedIn={me !== null}
          onSignIn={() => {
            onSignIn('add_event');
          }}
        />
      }
      miniMap={
        <WhenNearView placeholder={miniMapPending}>
          <SuspenseAfterHydration fallback={miniMapPending}>
            <PlaceMiniMap place={place} />
          </SuspenseAfterHydration>
        </WhenNearView>
      }
    />
  );
});
