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
  // bulletproof-react: a client feature never reaches into another; compose them in src/client/app.
  ...features.map((feature) => ({
    target: `./src/client/features/${feature}`,
    from: './src/client/features',
    except: [`./${feature}`],
    message:
      'A client feature does not import another feature; move shared code to src/client or src/shared.',
  })),
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
    },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
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
    // zod (24 KB gzip) stays out of every screen's first load (decision 014): a screen
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
              regex: '^(zod(/.*)?|@hookform/resolvers/.*|.*/shared/schemas/.*|.*\\.lazy\\.ts)$',
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
