/**
 * Offline, a place this device never saved (issue 32): said at once, with the places it did
 * save, instead of a spinner and then "This page wandered off".
 */
import { CloudOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button.tsx';
import { OFFLINE_CACHES, SAVED_DAYS } from '../../config/offline-caches.ts';
import { paths } from '../../config/paths.ts';
import { savedPlaces } from '../../platform/offline-caches.ts';

export function NotSavedOffline() {
  const { t } = useTranslation('app');
  const [saved, setSaved] = useState<{ id: string; name: string }[] | null>(null);
  useEffect(() => {
    let current = true;
    void savedPlaces(OFFLINE_CACHES.places).then((places) => {
      if (current) setSaved(places);
    });
    return () => {
      current = false;
    };
  }, []);

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-4 px-6 py-12" data-testid="not-saved-offline">
      <span
        aria-hidden="true"
        className="flex h-16 w-16 items-center justify-center rounded-[1.5rem] bg-sun-100 text-sun-800"
      >
        <CloudOff className="h-8 w-8" />
      </span>
      <h1 className="font-display text-3xl font-semibold text-ink">{t('notSaved.title')}</h1>
      <p className="text-lg text-gray-700">{t('notSaved.text', { days: SAVED_DAYS })}</p>
      {saved !== null &&
        (saved.length === 0 ? (
          <p className="text-base text-gray-700">{t('notSaved.none')}</p>
        ) : (
          <section aria-labelledby="saved-places-heading" className="flex flex-col gap-2">
            <h2 id="saved-places-heading" className="font-display text-xl font-bold text-ink">
              {t('notSaved.savedHeading')}
            </h2>
            <ul className="flex flex-col gap-2">
              {saved.map((place) => (
                <li key={place.id}>
                  <Link
                    to={paths.place.build(place.id)}
                    className="flex min-h-11 items-center rounded-2xl bg-white px-4 py-2 text-base font-bold text-park-800 shadow-sm"
                  >
                    {place.name}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      <Link to={paths.map} className={buttonClassName('secondary', 'self-start')}>
        {t('notSaved.back')}
      </Link>
    </div>
  );
}
