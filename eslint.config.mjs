// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { REMOTE_NAMES } from '@suwerte/federation/constants';

const REMOTES = REMOTE_NAMES.map((name) => `remote-${name}`);

/** Other workspaces' code: never imported across the federation boundary. */
const crossWorkspace = (allowed) => [
  {
    regex: `^(host|${REMOTES.filter((r) => r !== allowed).join('|')})(/|$)|/(host|${REMOTES.filter((r) => r !== allowed).join('|')})/src/`,
    message: 'A remote imports only the packages under shared/ and itself; the host reaches remotes only through Module Federation.',
  },
  {
    group: ['**/shared/*/src/**', '@suwerte/*/src/*'],
    message: 'Import a package under shared/ by name (@suwerte/shared, @suwerte/contracts/<area>, …), never its files.',
  },
];

/** What only the host does with the kernel (providers, the account's sync…): never a remote's business (docs/decisions/151). */
const hostOnlyKernel = {
  group: ['@suwerte/shared/host', '@suwerte/shared/early-calls'],
  message: '@suwerte/shared/host and @suwerte/shared/early-calls are the host\'s: the remotes get the kernel\'s other entry points.',
};

/** Browser code imports the entry point of its area, so a page bundles only that area (docs/decisions/150). */
const contractsByArea = [
  { name: '@suwerte/contracts', message: 'Import the area you need: @suwerte/contracts/<area> (core, account, members, lotto, sports, karera, telemetry).' },
];

/** Browser code and the libraries it bundles are written with zod/mini, the zod the host shares (docs/decisions/235). */
const classicZod = { name: 'zod', message: "Use zod/mini (import { z } from 'zod/mini'): the host shares it, not zod's classic form (docs/decisions/235)." };

/** Mantine and the router come through the curated singleton package (docs/decisions/002). */
const viaSharedPackage = {
  group: ['@mantine/*', 'react-router', 'react-router/*', 'react-router-dom'],
  message: 'Import Mantine and router pieces from @suwerte/shared so one copy runs in the page.',
};

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', '**/test-results/**', '**/playwright-report/**', '**/@mf-types/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // React code only (Playwright fixtures call a function named `use`, which is not a hook).
    files: ['{shared/*,host,remote-*}/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  ...REMOTES.map((remote) => ({
    files: [`${remote}/src/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...crossWorkspace(remote), viaSharedPackage, hostOnlyKernel], paths: [...contractsByArea, classicZod] }],
    },
  })),
  {
    files: ['host/src/**/*.{ts,tsx}'],
    ignores: ['host/src/components/layout/Toasts.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...crossWorkspace('host'), viaSharedPackage], paths: [...contractsByArea, classicZod] }],
    },
  },
  {
    // The build-time libraries are bundled into each app: Mantine and the router come from the kernel.
    files: ['shared/*/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [crossWorkspace('shared')[0], viaSharedPackage], paths: [classicZod] }],
    },
  },
  {
    files: ['shared/kernel/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [crossWorkspace('shared')[0]], paths: [...contractsByArea, classicZod] }],
    },
  },
  {
    files: ['player-api/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [...crossWorkspace('player-api'), { group: ['react', 'react-dom', '@mantine/*'], message: 'The player API has no UI.' }],
          paths: [{ name: '@suwerte/shared', message: 'The player API never imports the browser kernel: its libraries are @suwerte/contracts, @suwerte/money, @suwerte/time and @suwerte/federation.' }],
        },
      ],
    },
  },
);
