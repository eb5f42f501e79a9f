// @ts-check
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', '.astro/', '**/*.astro'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Layout is Prettier's (.prettierrc.json, checked by `npm run lint`); ESLint keeps to what code means.
  prettier,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      // Test clients read arbitrary JSON; `any` there is deliberate.
      '@typescript-eslint/no-explicit-any': 'off',
      'no-console': ['error', { allow: ['info', 'warn', 'error'] }],
    },
  },
  {
    // essentia.js is AGPL-3.0: only the bench may load it, never the server, the worker or the site.
    ignores: ['bench/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'essentia.js', message: 'essentia.js (AGPL-3.0) is for bench only.' }],
          patterns: [
            { group: ['essentia.js/*', '**/bench/essentia*'], message: 'essentia.js (AGPL-3.0) is for bench only.' },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: ':matches(ImportExpression, CallExpression[callee.name="require"]) Literal[value=/essentia/]',
          message: 'essentia.js (AGPL-3.0) is for bench only.',
        },
      ],
    },
  },
  {
    files: ['**/test/**/*.ts'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },
);
