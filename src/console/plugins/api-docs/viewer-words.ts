// OpenAPI Explorer ships English and French only, and writes some words into its templates: after each draw
// the viewer's own words are put into the console's language from the locales (apiDocs.viewer.*,
// docs/adr/0075-swagger-ui-words-localized.md, docs/adr/0103-api-viewer-openapi-explorer.md). Only its phrases
// are reworded, each where it stands as whole words, and only outside the document's data, so paths, parameter
// names, summaries and answers are never touched. Its shadow roots are walked too.

/** The viewer's phrases as it writes them → their key under apiDocs.viewer. */
export const VIEWER_WORDS: Readonly<Record<string, string>> = {
  'API Menu': 'menu',
  Filter: 'filter',
  Search: 'search',
  Overview: 'overview',
  OPERATIONS: 'operations',
  COMPONENTS: 'components',
  Schemas: 'schemas',
  'REQUEST BODY': 'requestBody',
  'REQUEST HEADERS': 'requestHeaders',
  REQUEST: 'request',
  MODEL: 'model',
  BODY: 'body',
  FORM: 'form',
  'CLEAR RESPONSE': 'clearResponse',
  CLEAR: 'clear',
  EXECUTE: 'execute',
  'RESPONSE HEADERS': 'responseHeaders',
  RESPONSE: 'response',
  EXAMPLE: 'example',
  DEPRECATED: 'deprecated',
  'Response Status': 'responseStatus',
  'Execution Time': 'executionTime',
  'Failed to fetch (Check the browser network tab for more information.)': 'fetchFailed',
  Copy: 'copy',
  Copied: 'copied',
  'PATH PARAMETERS': 'pathParameters',
  'QUERY-STRING PARAMETERS': 'queryParameters',
  COOKIES: 'cookies',
  'CODE SAMPLES': 'codeSamples',
  Collapse: 'collapse',
  Expand: 'expand',
  'Schema not found': 'schemaNotFound',
  'No example provided': 'noExample',
  Field: 'field',
  Type: 'type',
  Description: 'description',
  'Constraints:': 'constraints',
  'Allowed:': 'allowed',
  'Default:': 'default',
  'Example:': 'exampleColon',
  'Examples:': 'examplesColon',
  'Pattern:': 'pattern',
  'Min length:': 'minLength',
  'Max length:': 'maxLength',
  'Range:': 'range',
  'Multiples:': 'multiples',
  'Requires unique items': 'uniqueItems',
  'Read only attribute': 'readOnly',
  'Write only attribute': 'writeOnly',
  'API Key': 'apiKey',
  'Requires Token in': 'requiresTokenIn',
  cookie: 'cookie',
  header: 'header',
  DOWNLOAD: 'download',
  'VIEW (NEW TAB)': 'viewNewTab',
};

/** Elements whose text is the document's data or code, never the viewer's words. */
const DATA = [
  'pre',
  'code',
  'textarea',
  'input',
  'select',
  'syntax-highlighter',
  'json-tree',
  '.m-markdown',
  '.param-name',
  '.param-type',
  '.nav-bar-path',
  '.nav-bar-tag',
  '.tag-link',
  '.title',
  'h2',
  '[part~="label-operation-path"]',
  '[part~="label-operation-method"]',
  '.key',
  '.key-descr',
  '.mono-font',
].join(', ');

/** Attributes that carry the viewer's words to the reader (a field's hint, a landmark's name). */
const ATTRIBUTES = ['placeholder', 'aria-label'];

type Translate = (key: string) => string;

const escape = (phrase: string) => phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Every phrase, longest first, each standing as whole words. */
const PHRASES = new RegExp(
  `(?<![A-Za-z-])(${Object.keys(VIEWER_WORDS)
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|')})(?![A-Za-z-])`,
  'g',
);

function reword(text: string, t: Translate): string {
  return text.replace(PHRASES, (phrase) => t(`apiDocs.viewer.${VIEWER_WORDS[phrase]}`));
}

/** The root and every shadow root under it, the viewer's inner components drawing into their own. */
export function shadowRoots(root: ParentNode): ParentNode[] {
  const roots: ParentNode[] = [root];
  for (const element of root.querySelectorAll('*'))
    if (element.shadowRoot) roots.push(...shadowRoots(element.shadowRoot));
  return roots;
}

/** Rewords the viewer's words under `root` (and its shadow roots) into the language of `t`; runs again on
 *  each draw. A text already reworded matches no English phrase, so a second pass changes nothing. */
export function translateViewer(root: ParentNode, t: Translate): void {
  for (const part of shadowRoots(root)) {
    const document = (part as Node).ownerDocument ?? (part as Document);
    const walker = document.createTreeWalker(part as Node, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.nodeValue ?? '';
      const parent = node.parentElement;
      if (!/[A-Za-z]/.test(text) || !parent || parent.closest(DATA)) continue;
      const said = reword(text, t);
      if (said !== text) node.nodeValue = said;
    }
    for (const name of ATTRIBUTES)
      for (const element of part.querySelectorAll(`[${name}]`)) {
        const value = element.getAttribute(name) ?? '';
        const said = reword(value, t);
        if (said !== value) element.setAttribute(name, said);
      }
  }
}
