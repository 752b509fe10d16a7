// One ESLint configuration for the whole repository (flat config).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
    rules: {
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
    // Modules of the API talk to each other only through their index.ts.
    files: ['apps/api/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/*.model*', '../*/*.service*', '../*/*.router*'],
              message: 'Import another module through its index.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // lib/ sits below every module: it never imports one (a module passes in what lib needs).
    files: ['apps/api/src/lib/**/*.ts'],
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
);
