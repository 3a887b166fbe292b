// The API viewer's own words reworded from the locales (docs/adr/0075-swagger-ui-words-localized.md,
// docs/adr/0157-task-runtime-in-yaml.md): the phrases are the English labels under
// apiDocs.viewer, found as whole words outside the document's data, in shadow roots too, and in the
// attributes that name things to the reader; a second pass changes nothing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { translateViewer, viewerPhrases } from '../../../src/console/plugins/api-docs/viewer-words.ts';

/** A locale file's labels as the server answers them: flat dotted keys. */
function flat(tree: Record<string, unknown>, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      value && typeof value === 'object'
        ? Object.entries(flat(value as Record<string, unknown>, `${prefix}${key}.`))
        : [[`${prefix}${key}`, String(value)]],
    ),
  );
}
const labels = (lang: string) =>
  flat(
    parse(readFileSync(join(import.meta.dirname, `../../../locales/${lang}.yaml`), 'utf8')) as Record<string, unknown>,
  );
const english = labels('en');
const chinese = labels('zh');
const t = (key: string) => chinese[key] ?? key;

describe('viewer words', () => {
  it('takes its phrases from the English labels under apiDocs.viewer only', () => {
    const phrases = viewerPhrases({ ...english, 'apiDocs.title': 'API documentation', other: 3 });
    expect(phrases['EXECUTE']).toBe('apiDocs.viewer.execute');
    expect(phrases['REQUEST BODY']).toBe('apiDocs.viewer.requestBody');
    expect(Object.values(phrases).every((key) => key.startsWith('apiDocs.viewer.'))).toBe(true);
    expect(Object.keys(phrases)).not.toContain('API documentation');
  });

  it('rewords the viewer words, leaves the data, reaches shadow roots and attributes, and is idempotent', () => {
    const phrases = viewerPhrases(english);
    const root = document.createElement('div');
    root.innerHTML =
      '<button>EXECUTE</button><span>REQUEST BODY</span><code>EXECUTE</code>' +
      '<input placeholder="Filter"><span>EXECUTED</span><div id="host"></div>';
    const shadow = root.querySelector('#host')!.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<span>Copy</span>';
    translateViewer(root, t, phrases);
    expect(root.querySelector('button')!.textContent).toBe(chinese['apiDocs.viewer.execute']);
    expect(root.querySelector('span')!.textContent).toBe(chinese['apiDocs.viewer.requestBody']);
    expect(root.querySelector('code')!.textContent).toBe('EXECUTE');
    expect(root.querySelector('input')!.getAttribute('placeholder')).toBe(chinese['apiDocs.viewer.filter']);
    expect(root.querySelectorAll('span')[1]!.textContent).toBe('EXECUTED');
    expect(shadow.querySelector('span')!.textContent).toBe(chinese['apiDocs.viewer.copy']);
    const once = root.innerHTML;
    translateViewer(root, t, phrases);
    expect(root.innerHTML).toBe(once);
  });

  it('does nothing without phrases (the English labels could not be read)', () => {
    const root = document.createElement('div');
    root.innerHTML = '<button>EXECUTE</button>';
    translateViewer(root, t, {});
    expect(root.innerHTML).toBe('<button>EXECUTE</button>');
  });
});
