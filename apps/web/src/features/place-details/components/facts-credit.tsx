/**
 * The credit imported facts need (OpenStreetMap's ODbL asks for it wherever its data is
 * shown): once under the facts, for every source a fact there came from. The public amenities
 * nearby are imported from OpenStreetMap too.
 */
import {
  OSM_ATTRIBUTION,
  OSM_COPYRIGHT_URL,
  OSM_SOURCE,
  type NearbyAmenity,
  type PlaceFact,
} from '@playspot/core';
import { outboundLinkProps } from '../../../platform/outbound-links.ts';
import { sourceName } from '../utils/fact-words.ts';
import { useTranslation } from 'react-i18next';

interface FactsCreditProps {
  readonly facts: readonly PlaceFact[];
  readonly nearby: readonly NearbyAmenity[];
}

export function FactsCredit({ facts, nearby }: FactsCreditProps) {
  const { t } = useTranslation('location-details');
  const credits = new Map<string, string>();
  for (const fact of facts) {
    const imported = fact.imported;
    if (imported !== null) credits.set(imported.source, imported.attribution ?? sourceName(imported.source));
  }
  if (nearby.length > 0 && !credits.has(OSM_SOURCE)) credits.set(OSM_SOURCE, OSM_ATTRIBUTION);
  if (credits.size === 0) return null;
  return (
    <p className="mt-3 text-sm text-gray-700">
      {[...credits].map(([source, credit], index) => (
        <span key={source}>
          {index > 0 && ' · '}
          {source === OSM_SOURCE ? (
            <>
              {t('factWords.fromOsm')}{' '}
              <a {...outboundLinkProps(OSM_COPYRIGHT_URL)} className="underline underline-offset-2">
                {credit}
              </a>
            </>
          ) : (
            credit
          )}
        </span>
      ))}
    </p>
  );
}
