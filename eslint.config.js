// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/** DESIGN.md §2: routes → features → ui, lib, contract; features never import each other; server sees only contract. */
const features = (() => {
  try {
    return readdirSync('src/features', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
})();

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const layer = (names, message) => ({ group: names, message });
// The typed API client may import the server's route types; never its code.
const serverOnlyAsTypes = { group: ['**/server/**'], message: 'The PWA reaches the server only over HTTP.', allowTypeImports: true };

export default tseslint.config(
  { ignores: ['dist/**', 'dist-e2e/**', 'styled-system/**', 'node_modules/**', 'src/routeTree.gen.ts', 'dev-dist/**', 'test-results/**', '.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['server/**/*.ts'],
    rules: restrict([
      layer(['**/src/*', '!**/src/contract', '**/src/*/**', '!**/src/contract/**', '@/*', '!@/contract', '!@/contract/**'], 'The server imports only server/** and src/contract/**.'),
    ]),
  },
  // Later blocks replace this rule for their folders, so each one restates the server line.
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: restrict([serverOnlyAsTypes]),
  },
  {
    files: ['src/contract/**/*.ts'],
    rules: restrict([layer(['**/server/**', '@/*', '**/lib/**', '**/features/**', '**/routes/**', '**/ui/**'], 'The contract stands alone: it is shared by the PWA and the server.')]),
  },
  {
    files: ['src/ui/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}'],
    rules: restrict([layer(['@/features/*', '@/routes/*', '**/features/**', '**/routes/**'], 'ui and lib sit below features and routes.'), serverOnlyAsTypes]),
  },
  {
    files: ['src/features/**/*.{ts,tsx}'],
    rules: restrict([layer(['@/routes/*', '**/routes/**'], 'Features do not import routes.'), serverOnlyAsTypes]),
  },
  ...features.map((name) => ({
    files: [`src/features/${name}/**/*.{ts,tsx}`],
    rules: restrict([
      layer(
        features.filter((other) => other !== name).flatMap((other) => [`@/features/${other}`, `@/features/${other}/**`, `**/features/${other}/**`, `../${other}/**`, `../../${other}/**`]),
        'Features do not import each other: lift what they share into lib, ui or contract.',
      ),
      layer(['@/routes/*', '**/routes/**'], 'Features do not import routes.'),
      serverOnlyAsTypes,
    ]),
  })),
  {
    files: ['bench/**/*.ts', 'server/main.ts', 'server/seed-cli.ts', 'tests/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
