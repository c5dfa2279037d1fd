/**
 * When even the nearest places are far (NEARBY_FAR_KM), the list says so instead of calling
 * places on another continent "near you", and offers a way on: search a town, or add a spot.
 */
import { MapPinPlus, Search, Telescope } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { localDistance } from '../../../lib/i18n/distance.ts';

interface FarAwayNoticeProps {
  readonly nearestKm: number;
  readonly onSearchElsewhere?: () => void;
}

export function FarAwayNotice({ nearestKm, onSearchElsewhere }: FarAwayNoticeProps) {
  const { t, i18n } = useTranslation('map');
  return (
    <section
      aria-labelledby="far-away-title"
      data-testid="far-away-notice"
      className="mx-3 mt-2 rounded-3xl bg-sky-50 p-4 text-sky-950 ring-1 ring-sky-100"
    >
      <h3 id="far-away-title" className="flex items-center gap-2 font-display text-lg font-semibold">
        <Telescope aria-hidden="true" className="h-5 w-5 shrink-0" />
        {t('farAway.title')}
      </h3>
      <p className="mt-1 text-base">
        {t('farAway.text', { distance: localDistance(nearestKm, i18n.language) })}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {onSearchElsewhere && (
          <Button variant="secondary" onClick={onSearchElsewhere}>
            <Search aria-hidden="true" className="h-5 w-5" />
            {t('farAway.searchElsewhere')}
          </Button>
        )}
        <Link to={paths.addPlace} className={buttonClassName('ghost')}>
          <MapPinPlus aria-hidden="true" className="h-5 w-5" />
          {t('addPlace')}
        </Link>
      </div>
    </section>
  );
}
