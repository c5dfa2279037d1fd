/**
 * The place page's content (DESIGN.md: phone first, a hero photo, actions in the thumb
 * zone). Phones read top to bottom; from `lg` the actions and facts sit in a side column.
 */
import { distanceToPlaceKm, type CurrentUser, type LatLng, type Place } from '@playspot/core';
import { OSM_COPYRIGHT_URL, OSM_SOURCE } from '@playspot/core';
import { Info, Map as MapIcon, Pencil } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { OpeningStatusLine } from '../../../components/opening-status.tsx';
import { PlaceBadges } from '../../../components/place-badges.tsx';
import { paths } from '../../../config/paths.ts';
import { placeLatLng } from '../../../lib/lat-lng.ts';
import { PlaceViewerContext } from '../hooks/use-signed-in-action.ts';
import { CommentForm } from './comment-form.tsx';
import { CommentList } from './comment-list.tsx';
import { PlaceVote } from './place-vote.tsx';
import { PhotoGallery } from './photo-gallery.tsx';
import { EquipmentSection } from './equipment-section.tsx';
import { FactsSection } from './facts-section.tsx';
import { dataAttribution, DirectionsLink, PlaceFacts } from './place-facts.tsx';
import { RemovalRequestButton } from './removal-request-dialog.tsx';
import { ShareButton } from './share-button.tsx';
import { TagVotes } from './tag-votes.tsx';
import { VisitButton, VisitSummary, type ReadPosition } from './visit-button.tsx';
import { outboundLinkProps } from '../../../platform/outbound-links.ts';
import { useTranslation } from 'react-i18next';
import { PlaceName } from '../../../components/place-name.tsx';

interface PlaceDetailsProps {
  readonly place: Place;
  /** The person's position when known (never asked for here: the page is often a shared link). */
  readonly position?: LatLng | null;
  /** A fresh device reading, for 'I was here' (asks for permission then, on the person's tap). */
  readonly readPosition?: ReadPosition;
  /** The person has asked for this place's removal and a moderator has not decided yet. */
  readonly removalPending?: boolean;
  /** A small map of the place (from the app layer, which loads Leaflet apart). */
  readonly miniMap?: ReactNode;
  /** The place's events (from the app layer: events is another feature). */
  readonly events?: ReactNode;
  /** "Right now": live conditions parents report here (from the app layer: conditions). */
  readonly conditions?: ReactNode;
  /** Who maintains the place and its recent fixes (from the app layer: maintenance, issue 48). */
  readonly maintenance?: ReactNode;
  /** 'Save to My places' (from the app layer: favourites is another feature). */
  readonly saveButton?: ReactNode;
  /** The signed-in person, or null (from the app layer: auth is another feature). */
  readonly me: CurrentUser | null;
  /** Opens the sign-in dialog; `source` names what the person tried (open_auth_modal). */
  readonly onSignIn: (source: string) => void;
}

const NO_READING: ReadPosition = () => Promise.resolve(null);

export function PlaceDetails({
  place,
  position = null,
  readPosition = NO_READING,
  removalPending = false,
  miniMap,
  events,
  conditions,
  maintenance,
  saveButton,
  me,
  onSignIn,
}: PlaceDetailsProps) {
  const { t } = useTranslation('location-details');
  const viewer = useMemo(() => ({ me, onSignIn }), [me, onSignIn]);
  const distanceKm = position === null ? null : distanceToPlaceKm(position, place);
  const attribution = dataAttribution(place);
  const comments = place.comments ?? [];

  return (
    <PlaceViewerContext value={viewer}>
      <div className="mt-4 lg:grid lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start lg:gap-8">
        <div className="min-w-0">
          <PhotoGallery place={place} />
          <h1 className="mt-5 font-display text-3xl leading-tight font-semibold text-ink sm:text-4xl">
            <PlaceName place={place} localOnOwnLine />
          </h1>
          <div className="mt-3">
            <PlaceBadges indoor={place.indoor} free={place.free} ageRanges={place.ageRanges} />
          </div>
          <OpeningStatusLine openingHours={place.openingHours} className="mt-3" />
          {place.description && (
            <p dir="auto" className="mt-4 text-lg leading-relaxed whitespace-pre-line text-gray-800">
              {place.description}
            </p>
          )}
          {conditions && <div className="mt-6">{conditions}</div>}
          {maintenance && <div className="mt-4">{maintenance}</div>}
        </div>

        <aside
          aria-label={t('visitAndVote')}
          className="mt-5 flex flex-col gap-5 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-gray-200 lg:sticky lg:top-4 lg:row-span-3 lg:mt-0"
        >
          <PlaceVote place={place} />
          <div className="flex flex-col gap-2">
            <VisitButton place={place} readPosition={readPosition} />
            <VisitSummary place={place} />
          </div>
          {saveButton}
          <div className="grid grid-cols-2 gap-2">
            <DirectionsLink place={place} />
            <ShareButton place={place} />
          </div>
          <PlaceFacts place={place} distanceKm={distanceKm} />
          {miniMap}
          <Link
            to={paths.mapAround(placeLatLng(place))}
            className="-mt-2 inline-flex min-h-11 items-center gap-2 self-start rounded-full px-3 text-base font-bold text-park-800 underline-offset-2 hover:bg-park-50 hover:underline focus-visible:outline-3 focus-visible:outline-sky-600"
          >
            <MapIcon aria-hidden="true" className="h-5 w-5" />
            {t('aroundHere')}
          </Link>
        </aside>

        <div className="mt-8 flex min-w-0 flex-col gap-8 lg:mt-0">
          <FactsSection locationId={place.id} />

          <EquipmentSection locationId={place.id} />

          <TagVotes place={place} />

          {events}

          <section aria-labelledby="comments-heading">
            <h2 id="comments-heading" className="font-display text-2xl font-semibold text-ink">
              {t('comments')}{' '}
              {place.commentCount > 0 && <span className="text-gray-600">({place.commentCount})</span>}
            </h2>
            <div className="mt-3 flex flex-col gap-3">
              <CommentForm locationId={place.id} />
              <CommentList locationId={place.id} comments={comments} />
            </div>
          </section>

          <footer className="flex flex-col gap-2 border-t border-sun-200 pt-4 text-sm text-gray-700 sm:flex-row sm:items-center sm:justify-between">
            <p className="flex items-center gap-1.5">
              <Info aria-hidden="true" className="h-4 w-4 shrink-0" />
              {place.source ? (
                <SourceCredit source={place.source} licence={place.licence} attribution={attribution} />
              ) : (
                <>{t('addedBy', { name: place.createdByUserName })}</>
              )}
            </p>
            <div className="flex shrink-0 flex-wrap items-center gap-1">
              {place.canEdit && (
                <Link
                  to={paths.editPlace.build(place.id)}
                  className="inline-flex min-h-11 items-center gap-2 rounded-full px-3 text-sm font-bold text-park-800 underline-offset-2 hover:bg-park-50 hover:underline focus-visible:outline-3 focus-visible:outline-sky-600"
                >
                  <Pencil aria-hidden="true" className="h-4 w-4" />
                  {t('edit')}
                </Link>
              )}
              <RemovalRequestButton locationId={place.id} pending={removalPending} />
            </div>
          </footer>
        </div>
      </div>
    </PlaceViewerContext>
  );
}

/** Where imported data came from and under which licence ('From OpenStreetMap · ODbL-1.0 · © …'). */
function SourceCredit({
  source,
  licence,
  attribution,
}: {
  readonly source: string;
  readonly licence: string | null;
  readonly attribution: string | null;
}) {
  const { t } = useTranslation('location-details');
  const fromOsm = source === OSM_SOURCE;
  return (
    <span>
      {t('from', { source: fromOsm ? 'OpenStreetMap' : source })}
      {licence && <> · {licence}</>}
      {attribution && (
        <>
          {' · '}
          {fromOsm ? (
            <a {...outboundLinkProps(OSM_COPYRIGHT_URL)} className="underline underline-offset-2">
              {attribution}
            </a>
          ) : (
            attribution
          )}
        </>
      )}
    </span>
  );
}
