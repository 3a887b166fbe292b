// Component tests (docs/adr/0123-lighter-browser-tests-and-component-tests.md): the console's widgets
// rendered alone in happy-dom, with the catalogue's English labels (the ones meta.locale serves, flat
// dotted keys as in session/language.ts), the catalogue and configuration as the shell holds them once
// they have arrived (shell/boot.ts), and a clean document after each test.
// The files of a worker share one module graph (docs/adr/0251-component-tests-share-one-module-graph.md):
// what the console keeps in modules or in the session is put back after every test, so no test sees
// what another test or file left: the signed-in user, the documentation sign-in, the data layer's
// answers, the shell's boot state and stubbed globals.
import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, vi } from 'vitest';
import { queryClient } from '../../../src/console/api/queries.ts';
import { setRuntimeCredential } from '../../../src/console/api/runtime-sign-in.ts';
import type { GlobalConfig } from '../../../src/core/generated/api-types.ts';
import { setBoot } from '../../../src/console/shell/boot.ts';
import { toConsoleCatalogue } from '../../../src/server/areas/meta/console-catalogue.ts';
import { catalogue } from './catalogue.ts';

// Once per worker: the instance and its labels outlive the files.
if (!i18next.isInitialized)
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: catalogue.labels.en } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
  });
// findBy/waitFor wait up to 10 s, not 1 s: under a busy CI machine a screen can take seconds to settle.
configure({ asyncUtilTimeout: 10000 });

function reset(): void {
  vi.unstubAllGlobals();
  setBoot({ catalogue: toConsoleCatalogue(catalogue), config: {} as GlobalConfig });
  sessionStorage.clear();
  localStorage.clear();
  setRuntimeCredential(null);
  queryClient.clear();
}

// Before the file's modules load (what the last file of the worker left is gone already) and after each test.
reset();
afterEach(() => {
  cleanup();
  reset();
});
