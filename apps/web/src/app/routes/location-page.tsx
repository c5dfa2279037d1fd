/**
 * /locations/:locationId: one place as a shareable page (photos, votes, tags, visits,
 * comments). Records view_location once the place has loaded.
 */
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { buttonClassName } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { env } from '../../config/env.ts';
import { paths } from '../../config/paths.ts';
import { trackViewLocation } from '../../lib/analytics/analytics.ts';
import { LocationDetails } from '../../features/location-details/components/location-details.tsx';
import { useLocationDetails } from '../../features/map/api/get-location.ts';
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
  return (
    <article className="mx-auto w-full max-w-5xl px-4 pt-4 pb-12 sm:px-6">
      <title>{`${location.name} · ${env.productName}`}</title>
      <Link to={paths.map} className={buttonClassName('ghost', '-ml-3')}>
        <ArrowLeft aria-hidden="true" className="h-5 w-5" />
        Back to the map
      </Link>
      <LocationDetails location={location} />
    </article>
  );
}
