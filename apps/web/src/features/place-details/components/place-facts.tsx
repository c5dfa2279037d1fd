/**
 * Where the place is and how to get there: distance, where it is in words (from the nearest
 * named place we know: the importer keeps no street address), a 'Directions' link into the
 * platform's maps app, and the official website.
 */
import {
  bearingDegrees,
  compassPoint,
  distanceKm as kmBetween,
  type DistanceUnits,
  type LatLng,
  type Place,
} from '@playspot/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ExternalLink, Globe, MapPin, Navigation } from 'lucide-react';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { placeLatLng } from '../../../lib/lat-lng.ts';
import { storePlatformForUserAgent, type AppContext } from '../../../platform/device.ts';
import { useAppContext } from '../../../lib/use-app-context.ts';
import { useNearestNamedPlace } from '../api/get-nearest-named-place.ts';
import { directionsUrl, formatCoordinates } from '../utils/directions.ts';
import { outboundLinkProps } from '../../../platform/outbound-links.ts';
import { localDistance, useDistanceUnits } from '../../../lib/i18n/distance.ts';

function platformOf(context: AppContext) {
  if (context.kind === 'phone-browser') return context.store;
  // Inside the native app the user agent still names the phone's system.
  if (context.kind === 'native')
    return storePlatformForUserAgent(navigator.userAgent, navigator.maxTouchPoints);
  return null;
}

function websiteLabel(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./u, '');
  } catch {
    return url;
  }
}

export function DirectionsLink({ place }: { readonly place: Place }) {
  const { t } = useTranslation('location-details');
  const href = directionsUrl(place, platformOf(useAppContext()));
  const external = href.startsWith('http');
  // In the app the maps app opens (geo: or an Apple Maps link), not a page in the web view.
  const link = outboundLinkProps(href, 'app');
  return (
    <a
      href={href}
      onClick={link.onClick}
      className={buttonClassName('secondary', 'w-full')}
      {...(external ? { target: link.target, rel: link.rel } : {})}
    >
      <Navigation aria-hidden="true" className="h-5 w-5 text-park-700" />
      {t('directions.button')}
      {external && <span className="sr-only">{t('directions.opensApp')}</span>}
    </a>
  );
}

export function PlaceFacts({
  place,
  distanceKm,
}: {
  readonly place: Place;
  readonly distanceKm: number | null;
}) {
  const { t, i18n } = useTranslation('location-details');
  const units = useDistanceUnits();
  const landmark = useNearestNamedPlace(place).data ?? null;
  return (
    <dl className="grid gap-3 text-base">
      {distanceKm !== null && (
        <div className="flex items-start gap-3">
          <dt className="sr-only">{t('facts.distance')}</dt>
          <Navigation aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-park-700" />
          <dd className="font-bold text-ink">
            {t('facts.away', { distance: localDistance(distanceKm, i18n.language, units) })}
          </dd>
        </div>
      )}
      <div className="flex items-start gap-3">
        <dt className="sr-only">{t('facts.where')}</dt>
        <MapPin aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-park-700" />
        <dd className="text-gray-800" data-testid="where-it-is">
          {landmark ? (
            describeNear(placeLatLng(place), landmark, t, i18n.language, units)
          ) : (
            // No named place nearby: the coordinates, which a maps app understands.
            <bdi dir="ltr" className="tabular-nums">
              {formatCoordinates(place.latitude, place.longitude)}
            </bdi>
          )}
        </dd>
      </div>
      {place.officialWebsite && (
        <div className="flex items-start gap-3">
          <dt className="sr-only">{t('facts.website')}</dt>
          <Globe aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-park-700" />
          <dd className="min-w-0">
            <a
              {...outboundLinkProps(place.officialWebsite)}
              rel="noopener noreferrer nofollow"
              className="inline-flex items-center gap-1 font-bold break-all text-park-800 underline underline-offset-2 hover:text-park-700"
            >
              {websiteLabel(place.officialWebsite)}
              <ExternalLink aria-hidden="true" className="h-4 w-4 shrink-0" />
              <span className="sr-only">{t('facts.websiteOpens')}</span>
            </a>
          </dd>
        </div>
      )}
    </dl>
  );
}

/** Where a place is from the nearest named place: core's rule (geo.ts describeNear), worded by language. */
function describeNear(
  place: LatLng,
  landmark: LatLng & { readonly name: string },
  t: TFunction<'location-details'>,
  language: string,
  units: DistanceUnits,
): string {
  const km = kmBetween(landmark, place);
  if (km < 0.03) return t('near.nextTo', { name: landmark.name });
  const point = compassPoint(bearingDegrees(landmark, place));
  return t('near.of', {
    distance: localDistance(km, language, units),
    direction: t(`near.compass.${point as CompassPoint}`),
    name: landmark.name,
  });
}

type CompassPoint =
  'north' | 'north-east' | 'east' | 'south-east' | 'south' | 'south-west' | 'west' | 'north-west';

/** The credit imported data needs (OpenStreetMap's ODbL asks for it wherever it is shown). */
export function dataAttribution(place: Pick<Place, 'attribution' | 'source'>): string | null {
  if (place.attribution) return place.attribution;
  return place.source?.toLowerCase().startsWith('osm') ? '© OpenStreetMap contributors' : null;
}
