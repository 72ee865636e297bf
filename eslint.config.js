// @ts-check
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Correctness rules and the architecture's import boundaries only; Prettier owns formatting.

const root = import.meta.dirname;

/** Every folder under src/client/features and src/server/features, now and as they are added. */
const features = [
  ...new Set(
    ['src/client/features', 'src/server/features'].flatMap((dir) =>
      fs
        .readdirSync(path.join(root, dir), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name),
    ),
  ),
];

/** @type {{ target: string | string[]; from: string | string[]; except?: string[]; message?: string }[]} */
const zones = [
  {
    target: './src/shared',
    from: ['./src/server', './src/client'],
    message: 'src/shared is pure code for both sides; it imports neither server nor client.',
  },
  {
    target: './src/client',
    from: './src/server',
    message: 'The client talks to the server over HTTP; share code through src/shared.',
  },
  {
    target: './src/server',
    from: './src/client',
    message: 'The server never imports client code; share code through src/shared.',
  },
  // Test-only code (tests/: the API tests' app and fixtures, the hostile-input suite, fakes) is
  // for test files alone; production code never depends on it.
  {
    target: ['./src/**/!(*.test).ts', './src/**/!(*.test).tsx'],
    from: './tests',
    message: 'Production code never imports from tests/; only *.test.ts(x) files do.',
  },
  // The client's data layer (one module per server resource) sits below the features and the app.
  {
    target: './src/client/api',
    from: ['./src/client/features', './src/client/app'],
    message:
      'src/client/api is the data layer every feature uses; it imports neither features nor app.',
  },
  // Every arrow downhill on the client: app composes features, features use components, api and
  // lib; lib is the bottom (it never loads a server resource).
  {
    target: './src/client/features',
    from: './src/client/app',
    message:
      'A client feature does not import src/client/app; move the shared piece down to src/client/components or src/client/lib.',
  },
  {
    target: './src/client/lib',
    from: './src/client/api',
    message:
      'src/client/lib sits below the data layer; a hook that needs src/client/api belongs in src/client/api or a feature.',
  },
  // bulletproof-react: a client feature never reaches into another; compose them in src/client/app.
  ...features.map((feature) => ({
    target: `./src/client/features/${feature}`,
    from: './src/client/features',
    except: [`./${feature}`],
    message:
      'A client feature does not import another feature; move shared code to src/client or src/shared.',
  })),
  // Server layers, every arrow downhill: delivery (how pages and files are sent) sits below the
  // features, and the features below the jobs that call them; what both need lives lower, in
  // src/server/bible and the like, or is passed in by app.ts.
  {
    target: './src/server/delivery',
    from: './src/server/features',
    message:
      'Delivery sits below the features: move what it needs down (src/server/bible, ...) or have app.ts pass it in.',
  },
  {
    target: './src/server/features',
    from: './src/server/jobs',
    message: 'A job calls feature services, never the other way round.',
  },
  // The development tools are not even loaded in production: production code reaches them only
  // through src/server/load-dev-tools.ts's import() (one eslint-disable line there says so).
  {
    target: ['./src/server/!(dev)/**/!(*.test).ts', './src/server/!(*.test).ts'],
    from: './src/server/dev',
    message:
      'src/server/dev is for development only: load it through src/server/load-dev-tools.ts, outside production.',
  },
  // A server feature may call another feature's service functions, never its routes or helpers.
  ...features.map((feature) => ({
    target: `./src/server/features/${feature}`,
    from: path.join(root, 'src/server/features/**'),
    except: [
      path.join(root, `src/server/features/${feature}/**`),
      path.join(root, 'src/server/features/*/*.service.ts'),
    ],
    message: "Go through the other feature's *.service.ts (or src/shared), not its internals.",
  })),
];

/**
 * One way to name a module above this folder: its path alias (package.json "imports": #shared/,
 * #server/, #client/, #tests/, #scripts/), never a climb of ../ segments.
 */
const parentClimb = {
  regex: '^\\.\\./',
  message:
    'Name a module above this folder by its alias: #shared/, #server/, #client/, #tests/ or #scripts/.',
};

export default defineConfig(
  { ignores: ['dist/', 'node_modules/', 'data/', 'coverage/', 'test-results/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX },
    settings: {
      // Parse .ts/.tsx files when following imports, so that no-cycle sees the whole graph.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'] }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // With verbatimModuleSyntax, `import { type A } from 'x'` still loads x: a screen would
      // carry a module it only takes a type from.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      'no-restricted-imports': ['error', { patterns: [parentClimb] }],
      // Imports in one order everywhere: Node, packages, aliases, then this folder's own.
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index'],
          pathGroups: [{ pattern: '#*/**', group: 'internal' }],
          'newlines-between': 'never',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
    },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            parentClimb,
            {
              regex: '^node:',
              message: 'src/shared runs in the browser too: no Node.js built-ins, no I/O.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**', 'public/**'],
    languageOptions: { globals: globals.browser },
  },
  {
    // zod (24 KB gzip) stays out of every screen's first load: a screen
    // shows the rules of src/shared/rules, and loads the schemas that check them with import()
    // from a *.lazy.ts module, at the first check (docs/decisions/014).
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['src/client/**/*.test.{ts,tsx}', 'src/client/test/**', 'src/client/**/*.lazy.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(zod(/.*)?|@hookform/resolvers/.*|(.*/|#)shared/schemas/.*|.*\\.lazy\\.ts)$',
              allowTypeImports: true,
              message:
                'A screen loads zod only when it checks something: import the rules from src/shared/rules, and schemas with import() (lib/lazy-resolver.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['src/server/**', 'scripts/**', 'tests/**', 'bench/**', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
);
