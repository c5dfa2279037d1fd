/**
 * The web app's translations (i18next + react-i18next). Every text a person reads comes from
 * src/locales/<language>/<namespace>.json: one namespace per feature plus `common` (the
 * header, shared components, errors).
 *
 * What the map needs before its first paint (English `common` and `map`) is bundled; every
 * other namespace, and every German one, loads on demand as its own small file (a backend
 * reading Vite's import.meta.glob). A route or dialog loads its namespaces together with its
 * code (loadNamespaces), so nothing renders as raw keys; a component whose namespace is
 * not there yet suspends (react-i18next's useSuspense) inside the Suspense boundaries that
 * already wrap the lazy parts.
 */
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCommon from '../../locales/en/common.json';
import enMap from '../../locales/en/map.json';
import { LANGUAGES, rememberLanguage, textDirection, type Language } from './languages.ts';
import type { Namespace } from './namespaces.ts';

/** Bundled: the English texts the map route shows before anything else loads. */
export const bundledResources = { common: enCommon, map: enMap } as const;

const lazyNamespaces: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    // The list of every language's files is itself loaded on demand: with twelve languages it
    // is too long for the map's first JavaScript (issue 46).
    import('./namespace-files.ts')
      .then(({ namespaceFile }) => {
        const load = namespaceFile(language, namespace);
        if (load === undefined) throw new Error(`No ${language} texts for "${namespace}"`);
        return load();
      })
      .then(
        (resources) => {
          callback(null, resources);
        },
        (error: unknown) => {
          callback(error instanceof Error ? error : new Error(String(error)), false);
        },
      );
  },
};

/** The namespaces the first screen (header and map) needs in any language. */
const STARTUP_NAMESPACES = ['common', 'map'] as const;

export const i18n = i18next.createInstance();

/**
 * Starts i18next in `language`. English is ready at once (its startup texts are bundled); for
 * another language the returned promise settles when its startup namespaces are loaded.
 */
export function startI18n(language: Language): Promise<unknown> {
  setDocumentLanguage(language);
  return i18n
    .use(lazyNamespaces)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: 'en',
      supportedLngs: LANGUAGES,
      load: 'languageOnly',
      ns: STARTUP_NAMESPACES,
      defaultNS: 'common',
      resources: { en: bundledResources },
      partialBundledLanguages: true,
      // English (bundled) is ready synchronously: the first render needs no promise.
      initAsync: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
}

/** Loads namespaces (say, with a lazy route's code) so its components render translated at once. */
export function loadNamespaces(...namespaces: readonly Namespace[]): Promise<void> {
  return i18n.loadNamespaces([...namespaces]);
}

/** The language in use ('en' until started). */
export function currentLanguage(): Language {
  return (i18n.resolvedLanguage ?? 'en') as Language;
}

/** Switches the app's language, remembers the choice on this device and updates <html lang>. */
export async function chooseLanguage(language: Language): Promise<void> {
  rememberLanguage(language);
  await i18n.changeLanguage(language);
  setDocumentLanguage(language);
}

function setDocumentLanguage(language: Language): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  // Arabic mirrors the page: the layout uses logical properties (start/end), so it follows.
  document.documentElement.dir = textDirection(language);
}

/** A lazy module together with its texts: `lazy(() => withNamespaces(() => import('./x.tsx'), 'x'))`. */
export async function withNamespaces<T>(
  load: () => Promise<T>,
  ...namespaces: readonly Namespace[]
): Promise<T> {
  const [module] = await Promise.all([load(), loadNamespaces(...namespaces)]);
  return module;
}
