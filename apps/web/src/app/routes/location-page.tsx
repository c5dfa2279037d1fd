/**
 * /locations/:locationId: one place as a shareable page (photos, votes, tags, visits,
 * comments). Records view_location once the place has loaded. Features never import each
 * other, so the page composes them here: location-details gets the signed-in person and the
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
import { trackViewLocation } from '../../lib/analytics/analytics.ts';
import { useCurrentUser } from '../../features/auth/api/get-current-user.ts';
import { useSignInDialog } from '../../features/auth/hooks/use-sign-in-dialog.tsx';
import { LiveConditions } from '../../features/conditions/components/live-conditions.tsx';
import { LocationEvents } from '../../features/events/components/location-events.tsx';
import { SavePlaceButton } from '../../features/favourites/components/save-place-button.tsx';
import { LocationDetails } from '../../features/location-details/components/location-details.tsx';
import { PlaceMaintenance } from '../../features/maintenance/components/place-maintenance.tsx';
import { useMyRemovalRequests } from '../../features/moderation/api/get-my-removal-requests.ts';
import { useUserPosition } from '../../features/user-position/hooks/use-user-position.ts';
import { useLocationDetails } from '../../lib/api/get-location.ts';
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

export function LocationRoute() {
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
  const place = useLocationDetails(locationId, { enabled: !pageReading });
  // When the place arrives after the page's first render (no server-drawn HTML), it is first
  // drawn as a transition, in slices: the query's update alone would draw the whole page in
  // one long task (issue 28). From then on (a vote, a comment) every change shows at once.
  const deferred = useDeferredValue(place.data);
  const location = deferred?.id === locationId && place.data?.id === locationId ? place.data : undefined;
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
  const found = place.isSuccess;

  useEffect(() => {
    if (found && locationId !== null) trackViewLocation(locationId, 'page');
  }, [found, locationId]);

  // Offline, a place the device never saved fails its one try at once: say so, not "loading".
  if (!place.data && !online && (place.isError || place.failureCount > 0)) return <NotSavedOffline />;
  if (place.isError && !location) return <NotFoundRoute />;
  if (!location) return <PageSpinner label={t('loading')} />;

  return (
    <article className="mx-auto w-full max-w-5xl px-4 pt-4 pb-12 sm:px-6">
      <title>{`${location.name} · ${env.productName}`}</title>
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
          location={location}
          position={position}
          readPosition={readPositionNow}
          removalPending={removalPending}
          maintenance={pageRead.data?.place.id === location.id ? pageRead.data.maintenance : undefined}
          me={me.data ?? null}
          onSignIn={openSignIn}
        />
      </PlacePageReadingProvider>
    </article>
  );
}

type LocationDetailsProps = ComponentProps<typeof LocationDetails>;

interface PlaceSectionsProps {
  readonly location: LocationDetailsProps['location'];
  readonly position: LocationDetailsProps['position'];
  readonly readPosition: NonNullable<LocationDetailsProps['readPosition']>;
  readonly removalPending: boolean;
  readonly maintenance: PlacePage['maintenance'] | undefined;
  readonly me: LocationDetailsProps['me'];
  readonly onSignIn: (source: string) => void;
}

/**
 * The page's sections, drawn again only when what they show changes: the page itself redraws
 * as the position check, the sign-in answer and the network state arrive after its first
 * paint, and each full redraw of a place was a long task on a phone (issue 28).
 */
const PlaceSections = memo(function PlaceSections({
  location,
  position,
  readPosition,
  removalPending,
  maintenance,
  me,
  onSignIn,
}: PlaceSectionsProps) {
  return (
    <LocationDetails
      location={location}
      position={position}
      readPosition={readPosition}
      removalPending={removalPending}
      me={me}
      onSignIn={onSignIn}
      saveButton={<SavePlaceButton placeId={location.id} me={me} onSignIn={onSignIn} />}
      maintenance={<PlaceMaintenance maintenance={maintenance} />}
      conditions={
        <LiveConditions
          locationId={location.id}
          placeName={location.name}
          signedIn={me !== null}
          onSignIn={onSignIn}
          readPosition={readPosition}
        />
      }
      events={
        <LocationEvents
          locationId={location.id}
          locationName={location.name}
          signedIn={me !== null}
          onSignIn={() => {
            onSignIn('add_event');
          }}
        />
      }
      miniMap={
        <WhenNearView placeholder={miniMapPending}>
          <SuspenseAfterHydration fallback={miniMapPending}>
            <PlaceMiniMap place={location} />
          </SuspenseAfterHydration>
        </WhenNearView>
      }
    />
  );
});
