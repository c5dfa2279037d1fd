/**
 * The toast rule (issue 45): words typed into a toast call are reported, words from t() and
 * proper names on the allow-list are not. The first case is the toast b756146 had in
 * event-form-dialog.tsx.
 */
import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import { noLiteralToast } from './no-literal-toast.js';

// RuleTester runs its cases as the test framework's: vitest's, here (its types omit these hooks).
Object.assign(RuleTester, { afterAll, describe, it, itOnly: it.only });

const options = [
  { callees: ['notifySuccess', 'handleError', 'toast(\\.\\w+)?'], allow: ['PlaySpot', 'OpenStreetMap'] },
];
const tester = new RuleTester({
  languageOptions: {
    ecmaVersion: 2024,
    sourceType: 'module',
    parserOptions: { ecmaFeatures: { jsx: true } },
  },
});

tester.run('no-literal-toast', noLiteralToast, {
  valid: [
    { code: "notifySuccess(t('form.added', { title: event.title }));", options },
    { code: "handleError(error, i18n.t('auth:failed'));", options },
    { code: 'toast.info(`${pointsChangeText(change)} ${i18n.t("common:points.total")}`);', options },
    { code: "toast.success(content, { toastId: 'points-earned', icon: false });", options },
    { code: "notifySuccess('PlaySpot · OpenStreetMap');", options },
    { code: "notifySuccess('+100 · 42');", options },
    { code: "console.log('Not a toast');", options },
  ],
  invalid: [
    {
      code: 'notifySuccess(`“${event.title}” is on the calendar.`);',
      options,
      errors: [{ messageId: 'literal' }],
    },
    {
      code: "handleError(error, message || 'Sign-in did not work.');",
      options,
      errors: [{ messageId: 'literal' }],
    },
    { code: "toast.error(ok ? t('a') : 'Something broke');", options, errors: [{ messageId: 'literal' }] },
    { code: "toast('Saved on PlaySpot');", options, errors: [{ messageId: 'literal' }] },
    { code: "toast.update(id, { render: 'Uploaded' });", options, errors: [{ messageId: 'literal' }] },
    { code: "notifySuccess('Back online: ' + name);", options, errors: [{ messageId: 'literal' }] },
    { code: "notifySuccess('Готово');", options, errors: [{ messageId: 'literal' }] },
  ],
});
