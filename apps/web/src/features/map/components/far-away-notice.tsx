/**
 * When even the nearest places are far (NEARBY_FAR_KM), the list says so instead of calling
 * places on another continent "near you", and offers a way on: search a town, or add a spot.
 */
import { formatDistance } from '@playspot/core';
import { MapPinPlus, Search, Telescope } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';

interface FarAwayNoticeProps {
  readonly nearestKm: number;
  readonly onSearchElsewhere?: () => void;
}

export function FarAwayNotice({ nearestKm, onSearchElsewhere }: FarAwayNoticeProps) {
  return (
    <section
      aria-labelledby="far-away-title"
      data-testid="far-away-notice"
      className="mx-3 mt-2 rounded-3xl bg-sky-50 p-4 text-sky-950 ring-1 ring-sky-100"
    >
      <h3 id="far-away-title" className="flex items-center gap-2 font-display text-lg font-semibold">
        <Telescope aria-hidden="true" className="h-5 w-5 shrink-0" />
        No play spots near you yet
      </h3>
      <p className="mt-1 text-base">
        The nearest ones we know are {formatDistance(nearestKm)} away. Look somewhere else, or add a spot you
        love so the next parent finds it.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {onSearchElsewhere && (
          <Button variant="secondary" onClick={onSearchElsewhere}>
            <Search aria-hidden="true" className="h-5 w-5" />
            Search elsewhere
          </Button>
        )}
        <Link to={paths.addLocation} className={buttonClassName('ghost')}>
          <MapPinPlus aria-hidden="true" className="h-5 w-5" />
          Add a place
        </Link>
      </div>
    </section>
  );
}
