// @ts-check
/**
 * ESLint over every TypeScript and JavaScript file: the recommended rules of
 * ESLint and typescript-eslint, React's hooks rules and jsx-a11y for the site,
 * Prettier's config last (formatting is Prettier's, checked by `npm run format:check`).
 * Each rule turned off or changed below says why.
 */
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'build/',
      'generated/',
      '.docusaurus/',
      '.cache/',
      'docs/api/reference/',
      'docs/cli/reference/',
      'bench/results/',
      'test-results/',
      'playwright-report/',
      // Inputs kept exactly as they are, some broken on purpose.
      'tests/fixtures/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    languageOptions: {globals: {...globals.node}},
    rules: {
      // `_name` marks a value taken only to be left out (a destructured rest, an unused parameter of a callback signature).
      '@typescript-eslint/no-unused-vars': ['error', {argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_'}],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
    languageOptions: {globals: {...globals.browser}},
    rules: {
      ...reactHooks.configs.flat['recommended-latest'].rules,
      // The React Compiler's rules: the site is not built with the compiler, and these flag code that is correct without it
      // (the search bar reads its portal's container ref once mounted; the search page resets its results when the query empties).
      'react-hooks/refs': 'off',
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A table wider than the page scrolls: it takes focus so that keyboard readers can scroll it (axe's scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', {tags: ['table']}],
    },
  },
  {
    files: ['tests/**', 'bench/**'],
    rules: {
      // Tests read JSON documents (the contract, the build's records and collections) whose shape is what they check.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['**/*.cjs'],
    rules: {
      // CommonJS configuration files (dependency-cruiser's) load modules with require.
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  prettier,
);
