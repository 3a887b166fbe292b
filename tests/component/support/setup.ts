// Component tests (docs/adr/0123-lighter-browser-tests-and-component-tests.md): the console's widgets
// rendered alone in happy-dom, with the catalogue's English labels (the ones meta.locale serves, flat
// dotted keys as in session/language.ts), the catalogue's call routes as the shell sets them once the
// catalogue has arrived (shell/boot.ts), and a clean document after each test.
import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach } from 'vitest';
import { setCallRoutes } from '../../../src/console/api/client.ts';
import { catalogue } from './catalogue.ts';

setCallRoutes(catalogue.calls);

await i18next.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { translation: catalogue.labels.en } },
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
});
// findBy/waitFor wait up to 10 s, not 1 s: under a busy CI machine a screen can take seconds to settle.
configure({ asyncUtilTimeout: 10000 });
afterEach(cleanup);
