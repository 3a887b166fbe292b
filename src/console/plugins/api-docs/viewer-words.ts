// OpenAPI Explorer ships English and French only, and writes some words into its templates: after each draw
// the viewer's own words are put into the console's language from the locales (apiDocs.viewer.*,
// docs/adr/0075-swagger-ui-words-localized.md, docs/adr/0103-api-viewer-openapi-explorer.md,
// docs/adr/0157-task-runtime-in-yaml.md). The English label of each key is the phrase exactly as
// the viewer writes it, so the English locale is also the list of phrases to find. Only those phrases are
// reworded, each where it stands as whole words, and only outside the document's data, so paths, parameter
// names, summaries and answers are never touched. Its shadow roots are walked too.

/** The viewer's phrases (the English labels under apiDocs.viewer) → their keys. */
export type ViewerPhrases = Readonly<Record<string, string>>;

const PREFIX = 'apiDocs.viewer.';

/** The phrases of the English labels (flat dotted keys, as the server answers them). */
export function viewerPhrases(english: Readonly<Record<string, unknown>>): ViewerPhrases {
  return Object.fromEntries(
    Object.entries(english).flatMap(([key, phrase]) =>
      key.startsWith(PREFIX) && typeof phrase === 'string' ? [[phrase, key]] : [],
    ),
  );
}

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
function phrasePattern(phrases: ViewerPhrases): RegExp {
  const alternatives = Object.keys(phrases)
    .sort((a, b) => b.length - a.length)
    .map(escape);
  return new RegExp(`(?<![A-Za-z-])(${alternatives.join('|')})(?![A-Za-z-])`, 'g');
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
export function translateViewer(root: ParentNode, t: Translate, phrases: ViewerPhrases): void {
  if (Object.keys(phrases).length === 0) return;
  const pattern = phrasePattern(phrases);
  const reword = (text: string) => text.replace(pattern, (phrase) => t(phrases[phrase]));
  for (const part of shadowRoots(root)) {
    const document = (part as Node).ownerDocument ?? (part as Document);
    const walker = document.createTreeWalker(part as Node, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.nodeValue ?? '';
      const parent = node.parentElement;
      if (!/[A-Za-z]/.test(text) || !parent || parent.closest(DATA)) continue;
      const said = reword(text);
      if (said !== text) node.nodeValue = said;
    }
    for (const name of ATTRIBUTES)
      for (const element of part.querySelectorAll(`[${name}]`)) {
        const value = element.getAttribute(name) ?? '';
        const said = reword(value);
        if (said !== value) element.setAttribute(name, said);
      }
  }
}
