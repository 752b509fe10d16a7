// One ESLint configuration for the whole repository (flat config).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

// The web app's folders, as bulletproof-react zones them: imports go one way, shared → features
// → app. Each feature stands alone (it may use components/, lib/, config/ and @repo/shared,
// never another feature); only app/ composes features, and nothing but main.tsx imports app/.
const web = './apps/web/src';
const webFeatures = readdirSync(new URL(`${web}/features`, import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webZones = [
  ...webFeatures.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`],
    message:
      'A feature never imports another: move what both need to lib/ or components/, or let app/ pass it in.',
  })),
  {
    target: [
      `${web}/features`,
      `${web}/components`,
      `${web}/lib`,
      `${web}/config`,
      `${web}/testing`,
    ],
    from: `${web}/app`,
    message: 'Only main.tsx imports app/.',
  },
  {
    target: [`${web}/components`, `${web}/lib`, `${web}/config`, `${web}/testing`],
    from: `${web}/features`,
    message: 'Shared code never imports a feature: app/ composes them.',
  },
];

/**
 * The API's modules and the ones each may import (through their index.ts), lowest first:
 * dependencies point one way. What a lower module needs from a higher one (does an order
 * show this photo? how many products are in this category?) is passed in by app.ts.
 */
const API_MODULES = {
  users: [],
  categories: [],
  settings: [],
  auth: ['users'],
  delivery: ['settings'],
  products: ['categories'],
  coupons: ['categories', 'products'],
  orders: ['products', 'users', 'gst', 'settings', 'coupons'],
  payments: ['orders', 'products', 'users', 'delivery', 'coupons'],
  reviews: ['orders', 'products', 'users', 'settings'],
  web: ['categories', 'products', 'reviews', 'settings'],
  gst: ['settings'],
  'back-in-stock': ['products', 'orders'],
};
const API_TESTS = ['apps/api/src/**/__tests__/**', 'apps/api/src/test/**'];

/** `no-restricted-imports` for one API module: lib, its own files, and its allowed modules' index.ts. */
function apiModuleBoundary(name, allowed) {
  const others = allowed.length ? `(?!(?:${allowed.join('|')})/index\\.js$)` : '';
  return {
    files: [`apps/api/src/modules/${name}/**/*.ts`],
    ignores: API_TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^\\.\\./${others}[a-z-]+/`,
              message: allowed.length
                ? `modules/${name} imports only ${allowed.join(', ')}, each through its index.ts; a module above passes in what is needed.`
                : `modules/${name} imports no other module; a module above passes in what is needed.`,
            },
            {
              regex: '^(\\.\\./)+(app|server|seed|openapi)([./]|$)',
              message:
                'A module never imports the app, the server, the seed or the OpenAPI document.',
            },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.data/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: `${import.meta.dirname}/apps/web/tsconfig.json`,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: webZones }],
      'import-x/no-cycle': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // zod stays out of the home page's bundle: values come from the zod-free subpaths,
      // schemas from '@repo/shared/schemas' in the lazily loaded pages that validate forms.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@repo/shared',
              message: "Import values from '@repo/shared/constants', '/rules' or '/schemas'.",
              allowTypeImports: true,
            },
            {
              name: 'react-toastify',
              message: "Use '@/lib/toast': the library loads after the page.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // Type-aware rules where a forgotten await loses an error or a write: the API and the shared package.
    files: ['apps/api/src/**/*.ts', 'packages/shared/src/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // Outside modules/ (app.ts, server.ts, seed/, openapi/), a module is used through its index.ts.
    files: ['apps/api/src/**/*.ts'],
    ignores: API_TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: 'modules/[a-z-]+/(?!index\\.js$)',
              message: 'Use a module through its index.ts (its functions, never its model).',
            },
          ],
        },
      ],
    },
  },
  ...Object.entries(API_MODULES).map(([name, allowed]) => apiModuleBoundary(name, allowed)),
  {
    // lib/ sits below every module: it never imports one (a module passes in what lib needs).
    files: ['apps/api/src/lib/**/*.ts'],
    ignores: API_TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/**'],
              message: 'lib/ never imports a module: take what you need as a parameter.',
            },
          ],
        },
      ],
    },
  },
  {
    // No import cycles in the API and the shared package (type-only imports do not count: they
    // vanish when compiled). The web app's are checked with its zones above.
    files: ['apps/api/src/**/*.ts', 'packages/shared/src/**/*.ts'],
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      // The sources import './x.js' for './x.ts' (Node's ESM rule for compiled TypeScript).
      'import-x/resolver-next': [createNodeResolver({ extensionAlias: { '.js': ['.ts', '.js'] } })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
