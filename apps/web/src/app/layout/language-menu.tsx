/**
 * The header's language choice: a globe button opening English / Deutsch, each written in its
 * own language. The choice is remembered on this device; until one is made the app follows
 * the device's language.
 */
import { Check, Languages } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseLanguage, currentLanguage } from '../../lib/i18n/i18n.ts';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../../lib/i18n/languages.ts';
import { useMenuDismiss } from '../../components/use-menu-dismiss.ts';

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
          role="group"
          aria-label={t('language.title')}
          className="absolute top-full end-0 z-[900] mt-2 w-56 rounded-3xl bg-white p-3 shadow-xl ring-1 ring-black/5"
        >
          <p className="px-3 pt-1 pb-2 font-display text-lg font-semibold text-ink">{t('language.title')}</p>
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
              className="flex min-h-11 w-full items-center justify-between rounded-2xl px-3 text-start text-base font-bold text-ink hover:bg-sun-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
            >
              {LANGUAGE_NAMES[language]}
              {language === active && <Check aria-hidden="true" className="h-5 w-5 text-park-800" />}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
