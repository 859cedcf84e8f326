// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const folders = (path) => {
  try {
    return readdirSync(path, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
};
const features = folders('src/features');
const serverModules = folders('server/modules');
const serverAreas = folders('server').filter((name) => name !== 'modules');

/**
 * DESIGN.md §2, on resolved paths, so static imports, `export … from` and
 * dynamic `import()` are held alike: routes → features → ui, lib, contract;
 * features never import each other; the contract stands alone; a server module
 * is used by others only through its index.ts; server/lib sits below http and
 * the modules.
 */
const zones = [
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: features.filter((other) => other !== name).map((other) => `./src/features/${other}`),
    message: 'Features do not import each other: lift what they share into lib, ui or contract.',
  })),
  { target: './src/features', from: './src/routes', message: 'Features do not import routes.' },
  { target: ['./src/ui', './src/lib'], from: ['./src/features', './src/routes'], message: 'ui and lib sit below features and routes.' },
  {
    target: './src/contract',
    from: ['./src/lib', './src/ui', './src/features', './src/routes', './server'],
    message: 'The contract stands alone: it is shared by the PWA and the server.',
  },
  {
    target: './server',
    from: './src',
    except: ['./contract'],
    message: 'The server imports only server/** and src/contract/**.',
  },
  ...serverModules.map((name) => ({
    target: [
      ...serverModules.filter((other) => other !== name).map((other) => `./server/modules/${other}`),
      ...serverAreas.map((area) => `./server/${area}`),
      './server/*.ts',
    ],
    from: `./server/modules/${name}`,
    except: ['./index.ts'],
    message: `Use server/modules/${name} through its index.ts, not its internals.`,
  })),
  { target: './server/lib', from: ['./server/http', './server/modules'], message: 'server/lib sits below http and the modules.' },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-e2e/**',
      'styled-system/**',
      'node_modules/**',
      'src/routeTree.gen.ts',
      'dev-dist/**',
      'test-results/**',
      '.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The typed API client may import the server's route types; never its code.
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], message: 'The PWA reaches the server only over HTTP.', allowTypeImports: true }] },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportExpression[source.value=/\\/server\\//]', message: 'The PWA reaches the server only over HTTP.' },
      ],
    },
  },
  {
    files: ['bench/**/*.ts', 'server/main.ts', 'server/seed-cli.ts', 'tests/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
