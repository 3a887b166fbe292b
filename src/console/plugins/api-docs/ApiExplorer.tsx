// The interactive documentation (OpenAPI Explorer, a web component: docs/adr/0103-api-viewer-openapi-explorer.md) of the
// server's own OpenAPI document, the one the generator emits (meta.openapi). Loaded with its screen only, so the
// console's first bundle does not carry it. Signed in (docs/adr/0063-api-docs-sign-in-web-services.md), the runtime
// calls' accessToken and userCode are filled with the sign-in's, applicationId and flowId with the chosen
// application's and its first offered process's, and every try-it-out request goes without the console's cookie
// and with the sign-in as a bearer token, which the server refuses on every console call. The document comes in
// the console's language (its cookie, docs/adr/0006-request-language.md); the viewer's own words are reworded
// after each draw (viewer-words.ts, docs/adr/0075-swagger-ui-words-localized.md).
import { Alert, Box } from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import 'openapi-explorer';
import { callUrl } from '../../api/client.ts';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';
import type { SignedIn } from './useDocSignIn.ts';
import { labelsIn } from '../../session/language.ts';
import { shadowRoots, translateViewer, viewerPhrases, type ViewerPhrases } from './viewer-words.ts';

type Doc = {
  paths?: Record<
    string,
    Record<
      string,
      { parameters?: Array<{ name: string; in: string; schema?: Record<string, unknown>; example?: unknown }> }
    >
  >;
};

/** The application and process the documentation's runtime calls are filled with (ApiDocsPage). */
export interface RuntimeIds {
  applicationId: string;
  flowId?: string;
}

/** The document with the sign-in's accessToken and userCode, and the chosen application's id and its
 *  first process's flowId, as the runtime calls' values. */
export function withSignIn(doc: Doc, signIn: SignedIn | null, ids?: RuntimeIds | null): Doc {
  if (!signIn) return doc;
  const values: Record<string, string> = { accessToken: signIn.accessToken, userCode: signIn.userCode };
  if (ids?.applicationId) values.applicationId = ids.applicationId;
  if (ids?.flowId) values.flowId = ids.flowId;
  const copy = structuredClone(doc);
  for (const item of Object.values(copy.paths ?? {}))
    for (const operation of Object.values(item))
      for (const parameter of operation.parameters ?? [])
        if (parameter.in === 'query' && parameter.name in values) {
          parameter.example = values[parameter.name];
          parameter.schema = { ...parameter.schema, default: values[parameter.name] };
        }
  return copy;
}

/** The element OpenAPI Explorer defines: the spec is handed over as an object. */
interface ExplorerElement extends HTMLElement {
  loadSpec(spec: unknown): Promise<void>;
}

/** What the explorer's `before-try` event hands out: the request about to be sent, changeable in place. */
interface TryRequest {
  headers: Headers;
  credentials?: RequestCredentials;
}

/** Colours of the console's theme (MUI's primary and text), so the viewer reads as part of the page and
 *  passes the accessibility check's contrast. */
const COLOURS = {
  'primary-color': '#1565c0',
  'secondary-color': '#1565c0',
  'bg-color': '#ffffff',
  'text-color': '#212121',
  'nav-bg-color': '#f5f5f5',
  'nav-text-color': '#212121',
  'nav-hover-bg-color': '#e3f2fd',
  'nav-hover-text-color': '#0d47a1',
};

/** The viewer's own palette where it falls short of WCAG AA contrast on its light grounds (axe, the
 *  accessibility check): darker tones of the same hues. Set on the element, they win over its `:host` ones. */
const CONTRAST = {
  '--green': '#1b6e47',
  '--blue': '#1d63a8',
  '--red': '#b3232a',
  '--orange': '#95500a',
  '--yellow': '#7a5a00',
  '--pink': '#a8175a',
  '--code-operator-color': '#7a5229',
};

/** Rewords the viewer's words whenever it draws, in its shadow root and the ones its parts open inside. */
function useReworded(element: ExplorerElement | null, t: (key: string) => string) {
  const [phrases, setPhrases] = useState<ViewerPhrases | null>(null);
  useEffect(() => {
    labelsIn('en').then(
      (english) => setPhrases(viewerPhrases(english)),
      () => setPhrases({}),
    );
  }, []);
  useEffect(() => {
    const root = element?.shadowRoot;
    if (!root || !phrases) return;
    const observer = new MutationObserver(() => mend());
    const mend = () => {
      translateViewer(root, t, phrases);
      for (const part of shadowRoots(root))
        observer.observe(part as Node, {
          childList: true,
          subtree: true,
          characterData: true,
          attributes: true,
          attributeFilter: ['placeholder', 'aria-label'],
        });
    };
    mend();
    return () => observer.disconnect();
  }, [element, t, phrases]);
}

export default function ApiExplorer({ signIn, ids }: { signIn: SignedIn | null; ids?: RuntimeIds | null }) {
  const { t, i18n } = useTranslation();
  const [doc, setDoc] = useState<Doc | null>(null);
  const [failed, setFailed] = useState(false);
  const [element, setElement] = useState<ExplorerElement | null>(null);
  const holder = useRef<HTMLDivElement>(null);
  const language = i18n.language;
  useEffect(() => {
    // The language cookie goes with it (same origin), so the document follows the console's language.
    fetch(callUrl('meta.openapi'), { credentials: 'same-origin' })
      .then((r) => (r.ok ? (r.json() as Promise<Doc>) : Promise.reject(new Error(String(r.status)))))
      .then(setDoc, () => setFailed(true));
  }, [language]);
  const spec = useMemo(() => (doc ? withSignIn(doc, signIn, ids) : null), [doc, signIn, ids]);
  const token = signIn?.accessToken;

  // One element per spec: a new sign-in, application or language draws the documentation afresh.
  useEffect(() => {
    const place = holder.current;
    if (!place || !spec) return;
    const explorer = document.createElement('openapi-explorer') as ExplorerElement;
    explorer.setAttribute('collapse', 'true');
    explorer.setAttribute('hide-authentication', 'true');
    explorer.setAttribute('hide-server-selection', 'true');
    explorer.setAttribute('fetch-credentials', token ? 'omit' : 'same-origin');
    for (const [name, value] of Object.entries(COLOURS)) explorer.setAttribute(name, value);
    for (const [name, value] of Object.entries(CONTRAST)) explorer.style.setProperty(name, value);
    const beforeTry = (event: Event) => {
      if (!token) return;
      const request = (event as CustomEvent<{ request: TryRequest }>).detail.request;
      request.credentials = 'omit';
      request.headers.set('Authorization', `Bearer ${token}`);
    };
    explorer.addEventListener('before-try', beforeTry);
    place.replaceChildren(explorer);
    void explorer.loadSpec(spec);
    setElement(explorer);
    return () => {
      explorer.removeEventListener('before-try', beforeTry);
      explorer.remove();
    };
  }, [spec, token]);
  useReworded(element, t);

  if (failed) return <Alert severity="error">{t('apiDocs.loadFailed')}</Alert>;
  return (
    <>
      {!spec && <LoadingPanel />}
      <Box
        ref={holder}
        data-testid="api-explorer"
        // A focused filled button would write its label in the fill's own colour: kept white.
        sx={{ height: '80vh', minHeight: 480, '& openapi-explorer::part(btn-fill):focus-visible': { color: '#fff' } }}
      />
    </>
  );
}
