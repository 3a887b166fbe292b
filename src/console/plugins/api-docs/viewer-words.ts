// Swagger UI has no translations (swagger-ui #2488): its own words are English text in its components.
// After each draw the viewer's words are put into the console's language from the locales
// (apiDocs.viewer.*, docs/adr/0075-swagger-ui-words-localized.md). A text node is reworded only when its whole text is one of Swagger UI's words,
// so the document's own data (paths, parameter names, answers) is never touched.

/** Swagger UI's words as it writes them → their key under apiDocs.viewer. */
export const VIEWER_WORDS: Readonly<Record<string, string>> = {
  'Try it out': 'tryItOut',
  Cancel: 'cancel',
  Execute: 'execute',
  Clear: 'clear',
  Reset: 'reset',
  Parameters: 'parameters',
  'No parameters': 'noParameters',
  Name: 'name',
  Description: 'description',
  'Request body': 'requestBody',
  Responses: 'responses',
  Code: 'code',
  Links: 'links',
  'No links': 'noLinks',
  'Media type': 'mediaType',
  Controls: 'controls',
  'header.': 'header',
  'Example Value': 'exampleValue',
  'Example Description': 'exampleDescription',
  Example: 'example',
  Examples: 'examples',
  'Examples:': 'examplesColon',
  Schema: 'schema',
  Schemas: 'schemas',
  'Server response': 'serverResponse',
  'Response body': 'responseBody',
  'Response headers': 'responseHeaders',
  'Request URL': 'requestUrl',
  'Request duration': 'requestDuration',
  Curl: 'curl',
  Details: 'details',
  Download: 'download',
  Undocumented: 'undocumented',
  Authorize: 'authorize',
  Authorized: 'authorized',
  'Available authorizations': 'availableAuthorizations',
  Close: 'close',
  Logout: 'logout',
  'Name:': 'nameColon',
  'In:': 'inColon',
  'Value:': 'valueColon',
  'Default value': 'defaultValue',
  'Available values': 'availableValues',
  'Send empty value': 'sendEmptyValue',
  'Parameter content type': 'parameterContentType',
  'Response content type': 'responseContentType',
  'Headers:': 'headersColon',
  Type: 'type',
  Errors: 'errors',
  Servers: 'servers',
  Callbacks: 'callbacks',
  'No callbacks': 'noCallbacks',
  Extensions: 'extensions',
  Field: 'field',
  Value: 'value',
  'Warning: Deprecated': 'deprecated',
  'Please correct the following validation errors and try again.': 'correctErrors',
  'Failed to load API definition.': 'loadFailed',
  'No operations defined in spec!': 'noOperations',
  'Skip to operations': 'skipToOperations',
};

/** Where a parameter goes ("(query)" under its name): Swagger UI writes the word alone between brackets. */
export const PARAMETER_PLACES = ['query', 'path', 'header', 'cookie', 'formData', 'body'] as const;

/** Elements whose text is the document's data or code, never Swagger UI's words. */
const DATA =
  'pre, code, textarea, input, select, .opblock-summary-path, .parameter__name, .parameter__type, .model-box, .markdown, .renderedMarkdown';

type Translate = (key: string) => string;

/** Rewords Swagger UI's words under `root` into the language of `t`; runs again on each draw. */
export function translateViewer(root: HTMLElement, t: Translate): void {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue ?? '';
    const word = text.trim();
    if (!word || !/[A-Za-z]/.test(word)) continue;
    const parent = node.parentElement;
    if (!parent || parent.closest(DATA)) continue;
    let key = VIEWER_WORDS[word];
    if (!key && parent.closest('.parameter__in') && (PARAMETER_PLACES as readonly string[]).includes(word))
      key = `in.${word}`;
    if (!key) continue;
    const said = t(`apiDocs.viewer.${key}`);
    if (said !== word) node.nodeValue = text.replace(word, said);
  }
}
