/**
 * /locations/:locationId, for now: the essentials of one place, so the map card's link
 * lands somewhere useful. The full place page (gallery, votes, comments) is a later issue.
 */
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { buttonClassName } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { env } from '../../config/env.ts';
import { paths } from '../../config/paths.ts';
import { trackViewLocation } from '../../lib/analytics/analytics.ts';
import { useLocationDetails } from '../../features/map/api/get-location.ts';
import { PlaceBadges } from '../../features/map/components/place-badges.tsx';
import { firstPhoto } from '../../features/map/utils/location-photo.ts';
import { NotFoundRoute } from './not-found.tsx';

export function LocationRoute() {
  const { locationId = null } = useParams();
  const place = useLocationDetails(locationId);
  const found = place.isSuccess;

  useEffect(() => {
    if (found && locationId !== null) trackViewLocation(locationId, 'page');
  }, [found, locationId]);

  if (place.isPending) {
    return (
      <div className="flex flex-1 items-center justify-center py-20 text-sun-700">
        <Spinner label="Loading the place" className="h-8 w-8" />
      </div>
    );
  }
  if (place.isError) return <NotFoundRoute />;

  const location = place.data;
  const photo = firstPhoto(location);
  return (
    <article className="mx-auto w-full max-w-3xl px-5 py-8">
      <title>{`${location.name} · ${env.productName}`}</title>
      <Link to={paths.map} className={buttonClassName('ghost', '-ml-3')}>
        <ArrowLeft aria-hidden="true" className="h-5 w-5" />
        Back to the map
      </Link>
      {photo && (
        <img
          src={photo.url}
          alt={`Photo of ${location.name}`}
          className="mt-4 aspect-[16/9] w-full rounded-3xl bg-gray-100 object-cover"
        />
      )}
      <h1 className="mt-4 font-display text-4xl leading-tight font-semibold text-ink">{location.name}</h1>
      <div className="mt-3">
        <PlaceBadges indoor={location.indoor} free={location.free} ageRanges={location.ageRanges} />
      </div>
      {location.description && (
        <p className="mt-4 text-lg leading-relaxed text-gray-800">{location.description}</p>
      )}
      <p className="mt-8 rounded-3xl bg-white p-5 text-base text-gray-700 shadow-sm">
        Photos, votes and comments for this place are coming to this page soon.
      </p>
    </article>
  );
}
