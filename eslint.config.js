import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import pluginRouter from '@tanstack/eslint-plugin-router';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { layerZones } from './eslint.layers.js';

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      '.output',
      '.nitro',
      '.tanstack',
      '.data',
      'src/routeTree.gen.ts',
      'test-results',
      'playwright-report',
      'bench/baseline/**/routeTree.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginRouter.configs['flat/recommended'],
  ...pluginQuery.configs['flat/recommended'],
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '@/server/*'],
              importNamePattern: '^(?!type )',
              message: 'Client code must not import server-only modules; call a server function instead.',
            },
          ],
        },
      ],
    },
  },
  {
    // The layer map (DESIGN §4, docs/architecture.md): which folder may import which, and no cycles.
    files: ['src/**/*.{ts,tsx}', 'emails/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'src/test/**'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones(import.meta.dirname) }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Server code, server functions and tooling may import server-only modules.
    files: [
      'src/server/**',
      // The server entry (Start's handler), never part of the client bundle.
      'src/server.ts',
      'src/features/**/functions.ts',
      'src/features/**/middleware.ts',
      // Global middleware: server-only imports are used inside `.server()` bodies, stripped from the client.
      'src/middleware/**',
      'src/features/**/*.server.ts',
      'src/routes/api/**',
      'src/**/*.test.ts',
      'src/test/**',
      'scripts/**',
      'e2e/**',
      'bench/**',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
);
