/**
 * The header's language choice: a globe button opening the twelve languages, each written in
 * its own language, and the units distances are told in (metres and kilometres, or feet and
 * miles, issue 46). Both choices are remembered on this device; until one is made the app
 * follows the device's language and region.
 */
import { DISTANCE_UNITS } from '@playspot/core';
import { Check, Languages } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseDistanceUnits, distanceUnits } from '../../lib/i18n/distance.ts';
import { chooseLanguage, currentLanguage } from '../../lib/i18n/i18n.ts';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../../lib/i18n/languages.ts';
import { useMenuDismiss } from '../../components/use-menu-dismiss.ts';

const MENU_TITLE = 'px-3 pt-1 pb-2 font-display text-lg font-semibold text-ink';
const MENU_CHOICE =
  'flex min-h-11 w-full items-center justify-between gap-2 rounded-2xl px-3 text-start text-base font-bold text-ink hover:bg-sun-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600';

export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const closeMenu = useCallback(() => {
    setOpen(false);
  }, []);
  // The language this render is in (the server draws each language with its own instance).
  const active = isLanguage(i18n.language) ? i18n.language : currentLanguage();
  const units = distanceUnits();

  useMenuDismiss(open, closeMenu, root);

  return (
    <div ref={root} className="relative shrink-0">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('language.button', { language: LANGUAGE_NAMES[active] })}
        onClick={() => {
          setOpen((current) => !current);
        }}
        className="flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-full text-gray-700 hover:bg-white/70 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
      >
        <Languages aria-hidden="true" className="h-5 w-5" />
        <span aria-hidden="true" className="hidden text-sm font-bold uppercase lg:inline">
          {active}
        </span>
      </button>
      {open && (
        <div
          id={menuId}
          className="absolute top-full end-0 z-[900] mt-2 max-h-[calc(100dvh-5rem)] w-56 overflow-y-auto rounded-3xl bg-white p-3 shadow-xl ring-1 ring-black/5"
        >
          <div role="group" aria-labelledby={`${menuId}-language`}>
            <p id={`${menuId}-language`} className={MENU_TITLE}>
              {t('language.title')}
            </p>
            {LANGUAGES.map((language) => (
              <button
                key={language}
                type="button"
                lang={language}
                aria-pressed={language === active}
                onClick={() => {
                  setOpen(false);
                  void chooseLanguage(language);
                }}
                className={MENU_CHOICE}
              >
                {LANGUAGE_NAMES[language]}
                {language === active && <Check aria-hidden="true" className="h-5 w-5 text-park-800" />}
              </button>
            ))}
          </div>
          <div
            role="group"
            aria-labelledby={`${menuId}-units`}
            className="mt-2 border-t border-gray-200 pt-2"
          >
            <p id={`${menuId}-units`} className={MENU_TITLE}>
              {t('distanceUnits.title')}
            </p>
            {DISTANCE_UNITS.map((choice) => (
              <button
                key={choice}
                type="button"
                aria-pressed={choice === units}
                onClick={() => {
                  setOpen(false);
                  void chooseDistanceUnits(choice);
                }}
                className={MENU_CHOICE}
              >
                {t(`distanceUnits.${choice}`)}
                {choice === units && <Check aria-hidden="true" className="h-5 w-5 shrink-0 text-park-800" />}
              </button>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
