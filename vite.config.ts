// Builds the console (src/console) into dist/console (or $ATRIUM_DIST/console) and defines the three test projects.
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { HeavyFirstSequencer } from './tests/support/heavy-first-sequencer.ts';
import { filesMockingModules } from './tests/support/module-mocks.ts';
import { OutcomeReporter } from './tests/support/outcome-reporter.ts';
import { TimeReporter } from './tests/support/time-reporter.ts';

// MUI's Tooltip imports its Popper (and Popper.js, 8 KiB gzip) statically; the header's and the login
// page's tooltips need it only once one opens: Tooltip gets a stand-in that fetches it then.
// MUI's createTheme and ThemeProvider import their CSS-variables variants statically although the console's
// theme never uses them: they get stand-ins that throw (docs/adr/0137-first-load-lighter-shell.md).
const TOOLTIP = /[\\/]@mui[\\/]material[\\/]Tooltip[\\/]Tooltip\.m?js$/;
const THEME = /[\\/]@mui[\\/]material[\\/]styles[\\/](createTheme|ThemeProvider)\.m?js$/;
const WITH_VARS = new Set(['./createThemeWithVars.mjs', './ThemeProviderWithVars.mjs']);
const lighterMui: Plugin = {
  name: 'atrium-lighter-mui',
  enforce: 'pre',
  resolveId(source, importer) {
    if (importer && TOOLTIP.test(importer) && source === '../Popper/index.mjs')
      return resolve('src/console/shell/LazyPopper.tsx');
    if (importer && THEME.test(importer) && WITH_VARS.has(source)) return resolve('src/console/shell/no-css-vars.ts');
  },
};

// The FEEL regex built-ins run on re2js (docs/adr/0232-feel-time-zones-regex-built-ins.md), about 48 KiB gzip
// with its Unicode tables, for vendor expressions the server alone evaluates: the console's build gets a
// stand-in whose patterns never compile, so those built-ins give null there, and `atrium check` refuses a
// catalogue rule calling one (docs/adr/0234-regex-built-ins-server-only.md). Tests run the real one.
const serverOnlyRegex: Plugin = {
  name: 'atrium-server-only-regex',
  apply: 'build',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === 're2js' && importer && /[\\/]src[\\/]core[\\/]feel-regex\.ts$/.test(importer))
      return resolve('src/console/shell/no-regex.ts');
  },
};

// The component projects' common settings: happy-dom, the setup, both cores, a bound on hangs only
// (rendering the catalogue's screens under load takes seconds).
const componentTests = {
  root: '.',
  environment: 'happy-dom',
  setupFiles: ['tests/component/support/setup.ts'],
  maxWorkers: 2,
  testTimeout: 30000,
};
const componentMocking = filesMockingModules('tests/component', '.test.tsx');

export default defineConfig({
  root: 'src/console',
  base: './',
  plugins: [react(), lighterMui, serverOnlyRegex],
  // The largest chunks are the entry (about 550 kB before gzip: React DOM, the router, MUI's core, i18next,
  // TanStack Query and the shell, all needed before the first screen; docs/adr/0137-first-load-lighter-shell.md) and
  // the API documentation's viewer (about 560 kB, loaded with that screen only;
  // docs/adr/0103-api-viewer-openapi-explorer.md): the limit sits just above them, so any larger chunk still warns.
  build: {
    outDir: resolve(process.env.ATRIUM_DIST ?? 'dist', 'console'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    // Everything the entry imports statically is fetched before the first screen anyway: one chunk
    // instead of about forty compresses better (−16 KiB gzip) and asks for one file, while what the
    // screens import() stays split by screen (docs/adr/0131-first-load-split.md).
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } } },
  },
  // ATRIUM_API_URL points the dev server's proxy at a server on another port.
  server: {
    proxy: {
      '/authtime': process.env.ATRIUM_API_URL ?? 'http://127.0.0.1:8080',
      '/uploads': process.env.ATRIUM_API_URL ?? 'http://127.0.0.1:8080',
    },
  },
  test: {
    root: '.',
    // Known long files first, so both workers stay busy to the end on a fresh clone (docs/adr/0065-test-files-split.md).
    sequence: { sequencer: HeavyFirstSequencer },
    // ATRIUM_TEST_TIMES=on adds where the time went at the end of a run (CI sets it; docs/adr/0108).
    reporters:
      process.env.ATRIUM_TEST_TIMES === 'on'
        ? ['default', new TimeReporter(), new OutcomeReporter()]
        : ['default', new OutcomeReporter()],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          root: '.',
          include: ['tests/unit/**/*.test.ts'],
          setupFiles: ['tests/support/outbound-loopback.ts'],
          // One process per worker (docs/adr/0122-api-tests-share-a-worker.md): the files that change
          // globals, timers or the environment restore them.
          isolate: false,
          // Vitest's default is one worker fewer than the cores: one on the 2-core CI machine, which left a
          // core idle through this stage (docs/adr/0174-browser-journeys-retried-once-and-named.md).
          maxWorkers: 2,
          // Some files check or serve the whole catalogue (1–2 s alone); on a busy 2-core machine they passed
          // the 5 s default, so the bound is on hangs, not on load.
          testTimeout: 30000,
        },
      },
      {
        extends: true,
        test: {
          // The console's widgets rendered alone (docs/adr/0123-lighter-browser-tests-and-component-tests.md).
          name: 'component',
          include: ['tests/component/**/*.test.tsx'],
          exclude: componentMocking,
          // One module graph per worker (docs/adr/0251-component-tests-share-one-module-graph.md): MUI,
          // React and the console load once instead of once per file; the setup puts back what the console
          // keeps in modules and the session after every test, and these files mock no module.
          isolate: false,
          ...componentTests,
        },
      },
      {
        extends: true,
        // The component files that replace a module with vi.mock, each in its own module graph (0251).
        test: { name: 'component-mocks', include: componentMocking, ...componentTests },
      },
      {
        extends: true,
        test: {
          name: 'api',
          root: '.',
          include: ['tests/api/**/*.test.ts'],
          setupFiles: ['tests/support/outbound-loopback.ts', 'tests/support/cpu-profile.ts'],
          // Finds or starts the PostgreSQL the tests run on (docs/adr/0107-test-postgres-started-or-skipped-aloud.md).
          globalSetup: ['tests/api/helpers/global-setup.ts'],
          // Bounds on hangs, not on load: CI machines of the same kind ran the suite 2.6 times slower on some days,
          // and tests taking 20 s on an idle machine then passed 60 s.
          testTimeout: 180000,
          hookTimeout: 300000,
          maxWorkers: 2,
          // A worker runs its files one after another in one process (docs/adr/0122-api-tests-share-a-worker.md):
          // the server's modules, the catalogue and its compiled validators and the PGlite snapshot load once
          // per worker instead of once per file. Every file still starts its servers on fresh databases.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          root: '.',
          include: ['tests/e2e/**/*.test.ts'],
          setupFiles: ['tests/e2e/support/csp-violations.ts'],
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          testTimeout: 120000,
          hookTimeout: 180000,
          // A browser test mostly waits (on Chromium, on the server, on its screens): a worker uses about a third
          // of a core, so three side by side, beside the API tests in `npm test`, fill what those leave
          // (docs/adr/0136-browser-tests-beside-api-tests.md). Each has its own Chromium and server;
          // ATRIUM_E2E_WORKERS sets another count (the CLI's --maxWorkers does not reach a project's own).
          maxWorkers: Number(process.env.ATRIUM_E2E_WORKERS) || 3,
          // A worker runs its files one after another in one process, keeping its one connection to its
          // Chromium and the modules it loaded; every file still gets fresh data and its own browser contexts
          // (docs/adr/0176-browser-tests-one-process-per-worker.md).
          isolate: false,
          // A screen settles in well under a second on a quiet machine; a busy CI runner on a slow day took
          // over 10 s (a wait that passes costs nothing more for the longer bound).
          expect: { poll: { timeout: 20_000 } },
          // In CI a journey that fails runs once more; the run names each one that needed it
          // (docs/adr/0174-browser-journeys-retried-once-and-named.md).
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});
