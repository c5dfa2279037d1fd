/** One deal: its picture, the partner's logo, the title, until when, and a link out. */
import type { Deal } from '@playspot/core';
import { CalendarDays, ExternalLink, Gift, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { dealTitle, describeExpiry } from '../utils/deal-display.ts';
import { serverFileUrl } from '../../../lib/api-client.ts';
import { outboundLinkProps } from '../../../platform/outbound-links.ts';
import { useTranslation } from 'react-i18next';
import { localDistance } from '../../../lib/i18n/distance.ts';

export function DealCard({
  deal,
  distanceKm = null,
}: {
  readonly deal: Deal;
  /** From the person to the deal's place (core's one distance); null when either is unknown. */
  readonly distanceKm?: number | null;
}) {
  const { t, i18n } = useTranslation('deals');
  const title = dealTitle(deal);
  const headingId = `deal-${deal.id}-title`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-black/5"
    >
      <div className="relative aspect-[16/9] bg-gradient-to-br from-sun-100 to-park-100">
        {deal.imageUrl ? (
          <img
            src={serverFileUrl(deal.imageUrl)}
            alt=""
            className="h-full w-full object-cover"
            loading="lazy"
          />
        ) : (
          <span aria-hidden="true" className="flex h-full items-center justify-center text-sun-700">
            <Gift className="h-12 w-12" />
          </span>
        )}
        {deal.logoUrl && (
          <img
            src={serverFileUrl(deal.logoUrl)}
            alt={`${title}: partner logo`}
            className="absolute bottom-3 start-3 h-14 w-14 rounded-2xl bg-white object-contain p-1.5 shadow-md ring-1 ring-black/5"
            loading="lazy"
          />
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h2 id={headingId} className="font-display text-xl leading-snug font-semibold text-ink">
          {title}
        </h2>
        {deal.location && (
          <p className="mt-2 flex flex-wrap items-center gap-x-1.5 text-base text-gray-700">
            <MapPin aria-hidden="true" className="h-4 w-4 text-sun-700" />
            <Link
              to={paths.place.build(deal.location.id)}
              className="font-bold text-park-800 underline underline-offset-2 hover:text-park-700"
            >
              {deal.location.name}
            </Link>
            {distanceKm !== null && (
              <span className="whitespace-nowrap">
                {t('card.away', { distance: localDistance(distanceKm, i18n.language) })}
              </span>
            )}
          </p>
        )}
        <p className="mt-2 flex items-center gap-1.5 text-base text-gray-700">
          <CalendarDays aria-hidden="true" className="h-4 w-4 text-park-700" />
          {describeExpiry(deal.expiryDate)}
        </p>
        {deal.website && (
          <div className="mt-auto pt-4">
            <a {...outboundLinkProps(deal.website)} className={buttonClassName('primary', 'w-full')}>
              {t('card.see')}
              <ExternalLink aria-hidden="true" className="h-5 w-5" />
              <span className="sr-only">{t('card.opens', { host: hostOf(deal.website) })}</span>
            </a>
          </div>
        )}
      </div>
    </article>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return 'another site';
  }
}
