/**
 * The options of eslint-plugin-i18next's `no-literal-string` for the web app (issue 45): every
 * string in JSX is checked, its text, attributes (aria-label, placeholder, a component's
 * label…) and expressions ({edited && ' · edited'}), not only the text between tags. Left
 * alone: what no person reads (test ids, form field names, the sign-in dialog's analytics
 * source, map styles), and the proper names that are the same in every language.
 */
import i18nextDefaults from 'eslint-plugin-i18next/lib/options/defaults.js';

/** Proper names, the only words a toast or JSX may carry outside src/locales. */
export const PROPER_NAMES = [
  'PlaySpot',
  'OpenStreetMap',
  'GeoNames',
  'iCalendar',
  'Google',
  'Apple',
  'GitHub',
];

// The plugin's own lists (punctuation, digits, all-caps constants, HTML entities and emoji;
// className, style, key, id; t and i18n), which each `exclude` replaces rather than extends.
const defaults = i18nextDefaults;

export const noLiteralJsxOptions = {
  mode: 'jsx-only',
  words: { exclude: [...defaults.words.exclude, ...PROPER_NAMES] },
  'jsx-attributes': { exclude: [...defaults['jsx-attributes'].exclude, 'data-testid', 'testId', 'name'] },
  callees: {
    exclude: [
      ...defaults.callees.exclude,
      'openSignIn',
      'onSignIn',
      'whenSignedIn',
      'openSheet',
      'console\\.\\w+',
    ],
  },
  'object-properties': {
    exclude: [...defaults['object-properties'].exclude, 'color', 'fillColor', 'dashArray'],
  },
};
