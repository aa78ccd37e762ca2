import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { builtinModules } from 'node:module';

// Layers (docs/architecture.md). Each layer names the layers it may not import at all, those it may
// import types from only, and the packages it may not use. One table feeds three rules: static imports
// and re-exports (`@typescript-eslint/no-restricted-imports`), and `import()` expressions and
// `import('…').Type` annotations (`no-restricted-syntax`, which sees what the import rule does not).
// A layer is reached by a relative path that climbs to src/: `../server/…`, `../../components/…`.
const NODE = 'Node built-ins (node:*)';
const LAYERS = {
  domain: {
    files: ['src/domain/**'],
    forbid: ['server', 'pages', 'layouts', 'components', 'stores'],
    packages: ['astro', 'astro:*', 'astro/*', NODE, 'drizzle-orm'],
    // The package's index loads every one of its functions: seconds for each test file and CLI start
    // that reaches the domain. One module per function: `date-fns/addMonths`.
    paths: [{ name: 'date-fns', message: "Import one function's module: 'date-fns/addMonths'." }],
    message: 'src/domain is pure: it imports only from src/domain and src/lib, no I/O (see docs/architecture.md).',
  },
  lib: {
    files: ['src/lib/**'],
    forbid: ['pages', 'layouts', 'components', 'stores'],
    typesOnly: ['server', 'domain'],
    packages: ['astro:*', NODE, 'drizzle-orm'],
    message:
      'src/lib is shared by server and browser: types only from src/domain and src/server, no pages, components or stores.',
  },
  server: {
    files: ['src/server/**'],
    forbid: ['pages', 'layouts', 'components', 'stores'],
    message: 'src/server serves pages; it imports no pages, layouts, components or stores.',
  },
  components: {
    files: ['src/components/**'],
    forbid: ['pages', 'layouts'],
    typesOnly: ['server'],
    message: 'Components get data as props: they import no server values (types are fine), no pages or layouts.',
  },
  stores: {
    files: ['src/stores/**'],
    forbid: ['server', 'pages', 'layouts', 'components'],
    packages: ['astro:*', NODE, 'drizzle-orm'],
    message: 'src/stores holds browser state: it imports only src/lib and src/domain.',
  },
};

// A service folder is entered through its index.ts, which names what it offers: code outside
// src/server/services imports `…/services/portfolio`, never `…/services/portfolio/list`. (Service folders
// reach into each other's files: an index that loads the whole folder would close import cycles.)
const SERVICE_FOLDER = {
  regex: '^(\\.\\./)+(src/)?(server/)?services/[^/]+/[^/]+$',
  message: "Import a service folder through its index.ts ('…/services/<feature>'), not one of its files.",
};

// Tests never ship: a test of a shared helper may use server fixtures, a domain test may read a file.
const TEST_FILES = ['src/**/*.test.ts', 'src/**/*.test.tsx'];

// Subpaths (`fs/promises`) are covered by their module's name.
const BUILTINS = builtinModules.filter((m) => !m.startsWith('_') && !m.includes('/'));
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A relative import that climbs to src/ and enters one of these layers. */
const layerRegex = (layers) => `^(\\.\\./)+(${layers.join('|')})(/|$)`;
/** The package names of a layer's list, as one regex (`astro:*` and `x/*` are prefixes). */
const packageRegex = (packages, withNode) => {
  const names = packages.flatMap((p) => (p === NODE ? (withNode ? ['node:*', ...BUILTINS] : []) : [p]));
  if (names.length === 0) return null;
  const alternatives = names.map((n) => (n.endsWith('*') ? `${escape(n.slice(0, -1))}.*` : `${escape(n)}(/.*)?`));
  return `^(${alternatives.join('|')})$`;
};
// esquery (the selector language of no-restricted-syntax) ends a regex at the first slash.
const selectorRegex = (regex) => `/${regex.replaceAll('/', '\\x2F')}/`;

function layerRules({ forbid, typesOnly = [], packages = [], paths = [], message }, { tests = false } = {}) {
  const pkgs = packageRegex(packages, !tests);
  const patterns = [
    { regex: layerRegex(forbid), message },
    SERVICE_FOLDER,
    ...(typesOnly.length ? [{ regex: layerRegex(typesOnly), allowTypeImports: true, message }] : []),
    ...(pkgs ? [{ regex: pkgs, message }] : []),
  ];
  // import() loads a value, so types-only layers are forbidden there too; a type annotation only types.
  const dynamic = [
    { selector: `ImportExpression[source.value=${selectorRegex(layerRegex([...forbid, ...typesOnly]))}]`, message },
    ...(pkgs ? [{ selector: `ImportExpression[source.value=${selectorRegex(pkgs)}]`, message }] : []),
    { selector: `TSImportType[source.value=${selectorRegex(layerRegex(forbid))}]`, message },
  ];
  return {
    '@typescript-eslint/no-restricted-imports': ['error', { patterns, paths }],
    'no-restricted-syntax': ['error', ...dynamic],
  };
}

const layerConfigs = Object.values(LAYERS).flatMap((layer) => [
  { files: layer.files, ignores: TEST_FILES, rules: layerRules(layer) },
  // Tests keep the layer's arrows (a domain test imports no server module) but may use Node.
  ...(layer === LAYERS.lib
    ? []
    : [{ files: layer.files.map((f) => `${f}/*.test.{ts,tsx}`), rules: layerRules(layer, { tests: true }) }]),
]);

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
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A component's `role` prop is typed by the component (Alert's `null` means none); roles are checked
      // where they reach a DOM element.
      'jsx-a11y/aria-role': ['error', { ignoreNonDOM: true }],
    },
  },
  ...layerConfigs,
  {
    // What no layer above covers: pages, layouts, the middleware, tests, scripts and configuration files.
    files: ['**/*.{ts,tsx,mjs,js,astro}'],
    ignores: [...Object.values(LAYERS).flatMap((l) => l.files), 'src/server/services/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [SERVICE_FOLDER] }] },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
