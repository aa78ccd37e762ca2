import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

const LAYER = {
  domain: 'src/domain is pure: it imports only from src/domain and src/lib (see docs/architecture.md).',
  lib: 'src/lib is shared by server and browser: no server values, no pages or components.',
  components: 'Components get data as props: they import no server values (types are fine).',
  server: 'src/server serves pages; it imports no pages, layouts or components.',
};

export default tseslint.config(
  { ignores: ['dist/', 'data/', '.astro/', 'node_modules/', 'drizzle/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    // Hooks live in .ts files too (useChart.ts, useHideAmounts.ts): the hook rules apply to both.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'jsx-a11y': jsxA11y },
    rules: jsxA11y.flatConfigs.recommended.rules,
  },
  // Layers (docs/architecture.md): lib ← domain ← server ← pages, and components ← pages. Each rule
  // names what a layer may not import; type-only imports are allowed only where the rule says so.
  {
    files: ['src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/pages/**', '**/components/**', '**/layouts/**'], message: LAYER.domain },
            { group: ['astro', 'astro:*', 'astro/*'], message: LAYER.domain },
          ],
          // The package's index loads every one of its functions: seconds for each test file and CLI start
          // that reaches the domain. One module per function: `date-fns/addMonths`.
          paths: [{ name: 'date-fns', message: "Import one function's module: 'date-fns/addMonths'." }],
        },
      ],
    },
  },
  {
    files: ['src/lib/**'],
    // Tests of shared helpers may use server-side fixtures (the demo universe); they never ship.
    ignores: ['src/lib/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], allowTypeImports: true, message: LAYER.lib },
            { group: ['**/pages/**', '**/components/**', '**/layouts/**'], message: LAYER.lib },
          ],
        },
      ],
    },
  },
  {
    files: ['src/components/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], allowTypeImports: true, message: LAYER.components }] },
      ],
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/pages/**', '**/components/**', '**/layouts/**'], message: LAYER.server }] },
      ],
    },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
