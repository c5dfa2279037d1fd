/**
 * The web app's JSX rule (issue 45): eslint-plugin-i18next's no-literal-string with the
 * project's options. b756146's options ('jsx-text-only') let every invalid case below through:
 * an aria-label, a placeholder and the words in an expression ({edited && ' · edited'}), as
 * were in map-explorer.tsx, event-form.tsx and comment-list.tsx.
 */
import { RuleTester, type Rule } from 'eslint';
import i18next from 'eslint-plugin-i18next';
import { afterAll, describe, it } from 'vitest';
import { noLiteralJsxOptions } from './no-literal-jsx.js';

// RuleTester runs its cases as the test framework's: vitest's, here (its types omit these hooks).
Object.assign(RuleTester, { afterAll, describe, it, itOnly: it.only });

const rule = (i18next as unknown as { rules: Record<string, Rule.RuleModule> }).rules['no-literal-string'];
const options = [noLiteralJsxOptions];
const tester = new RuleTester({
  languageOptions: {
    ecmaVersion: 2024,
    sourceType: 'module',
    parserOptions: { ecmaFeatures: { jsx: true } },
  },
});

if (rule === undefined) throw new Error('eslint-plugin-i18next has no no-literal-string rule');
tester.run('no-literal-string (the web app’s options)', rule, {
  valid: [
    { code: "<p>{t('list.emptyTitle')}</p>;", options },
    { code: '<section aria-label={t(\'mapLabel\')} className="relative flex" />;', options },
    { code: '<div data-testid="town-chip" id="results-title" />;', options },
    { code: '<AppDialog testId="filters-dialog" />;', options },
    { code: '<ChoiceGroup name="ageRange" />;', options },
    { code: "<button onClick={() => openSignIn('header')} />;", options },
    { code: "<Path pathOptions={{ color: '#c2410c', dashArray: '6 8' }} />;", options },
    { code: '<p>OpenStreetMap</p>;', options },
    { code: "<p>{count} · {' · '}</p>;", options },
    { code: "const label = 'Not JSX';", options },
  ],
  invalid: [
    { code: '<p>Nothing found here yet</p>;', options, errors: 1 },
    { code: '<section aria-label="Map of play spots" />;', options, errors: 1 },
    { code: '<input placeholder="user name" />;', options, errors: 1 },
    { code: '<PageSpinner label="Loading the page" />;', options, errors: 1 },
    { code: "<p>{edited && ' · edited'}</p>;", options, errors: 1 },
    { code: "<p>{items.length === 1 ? '1 place' : 'places'}</p>;", options, errors: 2 },
  ],
});
