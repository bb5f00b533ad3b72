import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import local from './eslint-rules/module-boundaries.js';

/** The features the public website may use (web/src/features/<name>); every other feature is the portal's. */
const WEBSITE_FEATURES = ['blog', 'calculator', 'contact', 'projects', 'reels', 'seo', 'services', 'site-info'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/cdk.out/**', '.data/**', 'test/output/**', 'web/public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The web only imports the API types from functions. This is the typescript-eslint rule,
      // not the core `no-restricted-imports`, so the feature blocks below (which set the core
      // rule for their own patterns) cannot override and drop it: it holds in every web file.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@app/functions', '@app/functions/*'],
              allowTypeImports: true,
              message: 'The web only imports the API types from functions (use `import type`).',
            },
          ],
        },
      ],
    },
  },
  {
    // The website (app/site, its entry and its server renderer) is built without the portal: it
    // uses only the website's features, so no portal code reaches a public page.
    files: ['web/src/app/site/**/*.{ts,tsx}', 'web/src/site-main.tsx', 'web/src/entry-server.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\./|(\\.\\./)+)features/(?!(${WEBSITE_FEATURES.join('|')})/)`,
              message: `The website uses only its own features (${WEBSITE_FEATURES.join(', ')}): a portal feature would ship portal code to public pages.`,
            },
            { regex: '^\\.\\./admin/', message: 'The website does not import the portal\'s screens.' },
          ],
        },
      ],
    },
  },
  {
    // The kit (components/, lib/) is shared by every feature and never imports one: app/ composes
    // features, and a kit file that reached into one would carry it onto every page that uses the kit.
    files: ['web/src/components/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./)+features/', message: 'The kit (components/, lib/) must not import a feature: compose it in app/.' },
            { regex: '^(\\.\\./)+app/', message: 'The kit (components/, lib/) must not import from app/.' },
          ],
        },
      ],
    },
  },
  {
    // Features never import each other; app/ composes them (bulletproof-react's rule).
    files: ['web/src/features/*/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./\\.\\./[^.]', message: 'A feature must not import another feature.' },
            { regex: '^(\\.\\./){3}app/', message: 'Features must not import from app/.' },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/features/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./[^.]', message: 'A feature must not import another feature.' }] },
      ],
    },
  },
  {
    // functions/src by module: another module is reached only through its entry (`../<module>`),
    // never a deep file of it; db/ and lib/ are platform (eslint-rules/module-boundaries.js).
    files: ['functions/src/**/*.ts'],
    ignores: ['functions/src/**/*.test.ts'],
    plugins: { local },
    rules: { 'local/module-boundaries': 'error' },
  },
  {
    // No module builds a DynamoDB request: stored items are item kinds (db/item.ts: defineItem, execute)
    // and multi-item writes are plans (db/plan.ts). Only the engine, jobs and the local host use the SDK.
    files: ['functions/src/**/*.ts'],
    ignores: ['functions/src/**/*.test.ts', 'functions/src/db/**', 'functions/src/jobs/**', 'functions/src/local/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['@aws-sdk/lib-dynamodb', '@aws-sdk/client-dynamodb'].map((name) => ({
            name,
            allowTypeImports: true,
            message: 'No DynamoDB request outside the engine: define the item kind (db/item.ts defineItem, execute) or write a plan (db/plan.ts).',
          })),
        },
      ],
    },
  },
  {
    // Scan walks the whole table: never on a request path.
    files: ['functions/src/**/*.ts'],
    ignores: ['functions/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@aws-sdk/lib-dynamodb', importNames: ['ScanCommand'], message: 'No Scan on request paths.' },
            { name: '@aws-sdk/client-dynamodb', importNames: ['ScanCommand'], message: 'No Scan on request paths.' },
          ],
        },
      ],
    },
  },
);
