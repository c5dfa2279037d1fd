// One lint setup for every workspace. Type-aware rules catch the bugs that matter in a
// server (floating promises, non-exhaustive switches); import-x keeps the layers honest.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';
import i18next from 'eslint-plugin-i18next';

const featuresOf = (folder) =>
  readdirSync(new URL(folder, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// bulletproof-react: a web feature never imports another; what two need lives in lib/ or
// components/, and app/ composes features.
const webFeatureZones = featuresOf('./apps/web/src/features').map((feature) => ({
  target: `./apps/web/src/features/${feature}`,
  from: './apps/web/src/features',
  except: [`./${feature}`],
  message: 'A feature never imports another: move what both need to lib/ or components/, or compose in app/.',
}));

// A server feature gets another feature's capability injected from app.ts, never its SQL.
const serverFeatures = featuresOf('./apps/server/src/features');
const serverRepositoryZones = serverFeatures.flatMap((feature) =>
  serverFeatures
    .filter((other) => other !== feature)
    .map((other) => ({
      target: `./apps/server/src/features/${feature}`,
      from: `./apps/server/src/features/${other}/**/*.repository.ts`,
      message: "Another feature's repository: have app.ts inject the capability instead.",
    })),
);

const noSharedFolder = {
  group: ['**/../shared/**'],
  message: 'Code and tests must not read ../shared at run time; copy a fixture into the repo.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      'coverage/**',
      '**/migrations/**',
      'apps/mobile/android/**',
      'apps/mobile/ios/**',
      'apps/mobile/www/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'tsconfig.json',
            'packages/core/tsconfig.json',
            'apps/server/tsconfig.json',
            'apps/web/tsconfig.json',
            'apps/mobile/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Fastify handlers and plugins are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // The domain core is pure: no server, web or I/O code may leak into it.
            { target: './packages/core', from: './apps' },
            { target: './apps/web', from: './apps/server' },
            { target: './apps/server', from: './apps/web' },
            ...webFeatureZones,
            ...serverRepositoryZones,
          ],
        },
      ],
      'no-restricted-imports': ['error', { patterns: [noSharedFolder] }],
    },
  },
  {
    files: ['packages/core/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noSharedFolder,
            {
              group: ['node:*', 'fs', 'path', 'http', 'pg', 'drizzle-orm*', 'fastify*', 'react*'],
              message: 'packages/core is pure: no I/O or frameworks.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Core rules take `now` as a parameter.',
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Core rules take `now` as a parameter.',
        },
        {
          selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']",
          message: 'Core rules are deterministic.',
        },
      ],
    },
  },
  {
    // Route → service → repository: only repositories and the db layer speak SQL.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/db/**', '**/*.repository.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noSharedFolder,
            { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'SQL belongs in a *.repository.ts file.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Native plugins only behind the platform adapter (platform/native/ is a chunk of its own,
    // loaded inside the app only): the web never downloads them, and features stay testable.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/platform/native/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noSharedFolder,
            {
              group: ['@capacitor/*', '@capgo/*', '@aparajita/*'],
              message: 'Native plugins are used only in apps/web/src/platform/native/.',
            },
            {
              group: ['**/platform/native/*'],
              message: 'platform/native/ loads lazily through platform/native-shell.ts; import that instead.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
  // The web app's texts live in src/locales (apps/web/CONTEXT.md): no words typed into JSX.
  // The moderators' own console is the one part still in English only.
  {
    files: ['apps/web/src/**/*.tsx'],
    ignores: [
      'apps/web/src/**/*.test.tsx',
      'apps/web/src/test/**',
      'apps/web/src/features/moderation/components/{audit-log,moderation-page,report-card,request-card,audit-note-field}.tsx',
    ],
    plugins: { i18next },
    rules: { 'i18next/no-literal-string': ['error', { mode: 'jsx-text-only' }] },
  },
);
