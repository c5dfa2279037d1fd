/**
 * Location denied, or never given (issue 45: a parent in Lübeck was left looking at the
 * default city's places with nothing saying what to do): the sheet invites them to search
 * for their town, and offers the town their device's time zone is named after ("Berlin?" for
 * Europe/Berlin, core timeZoneTown) as a one-tap guess. The zone is read on the device;
 * nothing is sent until the parent taps, and then only that town's name, as if typed.
 */
import { timeZoneTown, type TownResult } from '@playspot/core';
import { LoaderCircle, MapPin, Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { searchTowns } from '../api/search-towns.ts';

interface TownInviteProps {
  readonly onChooseTown: (town: TownResult) => void;
  /** Puts the cursor in the search box. */
  readonly onSearch: () => void;
  readonly className?: string;
}

function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return '';
  }
}

export function TownInvite({ onChooseTown, onSearch, className = '' }: TownInviteProps) {
  const { t } = useTranslation('search');
  const [guess] = useState(() => timeZoneTown(deviceTimeZone()));
  const [state, setState] = useState<'idle' | 'looking' | 'unknown'>('idle');

  const tryGuess = async (name: string) => {
    setState('looking');
    try {
      // Only a town of exactly that name: "Canary" (Atlantic/Canary) must not become Canary Wharf.
      const town = (await searchTowns(name, null)).items.find((item) => item.match === 'exact');
      if (town) {
        setState('idle');
        onChooseTown(town);
        return;
      }
    } catch {
      // Offline, or the search failed: the box is the way on.
    }
    setState('unknown');
    onSearch();
  };

  return (
    <section
      aria-labelledby="town-invite-title"
      data-testid="town-invite"
      className={`rounded-3xl bg-sky-50 p-4 text-sky-950 ring-1 ring-sky-100 ${className}`}
    >
      <h3 id="town-invite-title" className="flex items-center gap-2 font-display text-lg font-semibold">
        <MapPin aria-hidden="true" className="h-5 w-5 shrink-0" />
        {t('invite.title')}
      </h3>
      <p className="mt-1 text-base">{state === 'unknown' ? t('invite.notFound') : t('invite.text')}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onSearch}>
          <Search aria-hidden="true" className="h-5 w-5" />
          {t('invite.search')}
        </Button>
        {guess !== null && state !== 'unknown' && (
          <Button variant="ghost" disabled={state === 'looking'} onClick={() => void tryGuess(guess)}>
            {state === 'looking' ? (
              <LoaderCircle aria-hidden="true" className="h-5 w-5 animate-spin" />
            ) : (
              <MapPin aria-hidden="true" className="h-5 w-5" />
            )}
            {t('invite.guess', { town: guess })}
          </Button>
        )}
      </div>
    </section>
  );
}
