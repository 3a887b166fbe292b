// The interactive documentation (Swagger UI) of the server's own OpenAPI document, the one the
// generator emits (meta.openapi). Loaded with its screen only, so the console's first bundle does not
// carry it. Signed in (docs/adr/0063-api-docs-sign-in-web-services.md), the runtime calls' accessToken and userCode are filled with the sign-in's,
// applicationId and flowId with the chosen application's and its first offered process's,
// and every try-it-out request goes without the console's cookie and with the sign-in as a bearer
// token, which the server refuses on every console call. The document comes in the console's language
// (its cookie, docs/adr/0006-request-language.md): its title, description, the areas' tags, the calls' summaries and the replies'
// descriptions. Swagger UI's own words are reworded after each draw (viewer-words.ts, docs/adr/0075-swagger-ui-words-localized.md).
import { Alert, Box } from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import SwaggerUI from 'swagger-ui-react';
import 'swagger-ui-react/swagger-ui.css';
import { callUrl } from '../../api/client.ts';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';
import type { SignedIn } from './useDocSignIn.ts';
import { translateViewer } from './viewer-words.ts';

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

/** Swagger UI's own colours that fall short of WCAG AA contrast (axe, the accessibility test), darkened. */
const CONTRAST = {
  '& .swagger-ui .info .title small': { backgroundColor: '#4f5663 !important' },
  '& .swagger-ui .info .title small.version-stamp': { backgroundColor: '#3f6b00 !important' },
  '& .swagger-ui .btn.authorize': { color: '#1b6e47 !important', borderColor: '#1b6e47 !important' },
  '& .swagger-ui .btn.authorize svg': { fill: '#1b6e47 !important' },
  '& .swagger-ui .opblock-get .opblock-summary-method': { backgroundColor: '#1d63a8 !important' },
  '& .swagger-ui .opblock-post .opblock-summary-method': { backgroundColor: '#1b6e47 !important' },
  '& .swagger-ui .opblock-put .opblock-summary-method': { backgroundColor: '#95500a !important' },
  '& .swagger-ui .opblock-delete .opblock-summary-method': { backgroundColor: '#b3232a !important' },
  '& .swagger-ui .opblock-patch .opblock-summary-method': { backgroundColor: '#1f6e60 !important' },
  '& .swagger-ui .btn.execute': { backgroundColor: '#1d63a8 !important', borderColor: '#1d63a8 !important' },
  '& .swagger-ui .btn.cancel': { color: '#b3232a !important', borderColor: '#b3232a !important' },
  '& .swagger-ui .download-contents': { backgroundColor: '#4f5663 !important' },
  // The highlighted JSON of an answer: one light colour on its dark ground.
  '& .swagger-ui .highlight-code span[style]': { color: '#f5f5f5 !important' },
  '& .swagger-ui .parameter__in, & .swagger-ui .parameter__type, & .swagger-ui .prop-format, & .swagger-ui .parameter__deprecated':
    { color: '#4f5663 !important' },
  '& .swagger-ui .parameter__name.required span, & .swagger-ui .parameter__name.required::after': {
    color: '#b00020 !important',
  },
  '& .swagger-ui .response-control-media-type__accept-message': { color: '#1b6e47 !important' },
};

/** What Swagger UI draws without a name or keyboard access (axe): a parameter's select or input gets the
 *  parameter's name, a scrolling answer becomes focusable. Run again whenever the viewer draws. */
function mendControls(root: HTMLElement): void {
  for (const control of root.querySelectorAll<HTMLElement>(
    'tr[data-param-name] select:not([aria-label]), tr[data-param-name] input:not([aria-label])',
  ))
    control.setAttribute('aria-label', control.closest('tr')?.getAttribute('data-param-name') ?? '');
  for (const pre of root.querySelectorAll<HTMLElement>('pre.microlight:not([tabindex])'))
    pre.setAttribute('tabindex', '0');
}

/** Mends the controls and rewords Swagger UI's words whenever the viewer draws or changes a text. */
function useMendedViewer(t: (key: string) => string) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const mend = () => {
      mendControls(root);
      translateViewer(root, t);
    };
    mend();
    const observer = new MutationObserver(mend);
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  });
  return ref;
}

/** The two words Swagger UI's stylesheet writes itself (CSS content), in the console's language. */
const cssWords = (t: (key: string) => string) => ({
  '& .swagger-ui .parameter__name.required::after': { content: JSON.stringify(t('apiDocs.viewer.required')) },
  '& .swagger-ui .loading-container .loading::after': { content: JSON.stringify(t('apiDocs.viewer.loading')) },
});

interface SwaggerRequest {
  headers: Record<string, string>;
  credentials?: RequestCredentials;
}

export default function SwaggerFrame({ signIn, ids }: { signIn: SignedIn | null; ids?: RuntimeIds | null }) {
  const { t, i18n } = useTranslation();
  const [doc, setDoc] = useState<Doc | null>(null);
  const [failed, setFailed] = useState(false);
  const language = i18n.language;
  useEffect(() => {
    // The language cookie goes with it (same origin), so the document follows the console's language.
    fetch(callUrl('meta.openapi'), { credentials: 'same-origin' })
      .then((r) => (r.ok ? (r.json() as Promise<Doc>) : Promise.reject(new Error(String(r.status)))))
      .then(setDoc, () => setFailed(true));
  }, [language]);
  const spec = useMemo(() => (doc ? withSignIn(doc, signIn, ids) : null), [doc, signIn, ids]);
  const mended = useMendedViewer(t);
  const token = signIn?.accessToken;
  const intercept = useMemo(
    () => (request: SwaggerRequest) => {
      if (!token) return request;
      request.credentials = 'omit';
      request.headers = { ...request.headers, Authorization: `Bearer ${token}` };
      return request;
    },
    [token],
  );
  if (failed) return <Alert severity="error">{t('apiDocs.loadFailed')}</Alert>;
  if (!spec) return <LoadingPanel />;
  // The key remounts the viewer when the sign-in or the language changes, so it reads the new spec afresh.
  return (
    <Box sx={{ ...CONTRAST, ...cssWords(t) }} ref={mended}>
      <SwaggerUI
        key={`${token ?? 'anonymous'}:${ids?.applicationId ?? ''}:${ids?.flowId ?? ''}:${language}`}
        spec={spec}
        requestInterceptor={intercept as never}
        docExpansion="none"
        defaultModelsExpandDepth={-1}
      />
    </Box>
  );
}
