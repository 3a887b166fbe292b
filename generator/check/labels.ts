// Check: every label key the catalogue uses exists in all three locales (with each call area's tag and
// each call's summary in the OpenAPI document), and the three locale files hold the same key set (a key
// missing from one language would show as a raw key there).
import { LANGUAGES } from '../../src/core/catalogue/types.ts';
import { pointerSegment } from '../schema-walk.ts';
import { referencesOf } from './references/by-kind.ts';
import type { Check, Problem } from './problem.ts';
import { areaTagLabel, callSummaryLabel } from '../../src/core/catalogue/openapi.ts';

function localeFile(docs: Parameters<Check>[0]['docs'], lang: string): string {
  return (
    docs.find((d) => d.kind === 'locale' && d.file.replace(/^.*\//, '').replace(/\.ya?ml$/, '') === lang)?.file ??
    `locales/${lang}.yaml`
  );
}

const keyPointer = (key: string) => '/' + key.split('.').map(pointerSegment).join('/');

/** A label is a text, or a counted one: `one` and `other` texts chosen by a count (confirmations that
 *  name what they delete, src/console/runtime/counted-label.ts). */
const hasLabel = (labels: Record<string, string>, key: string) =>
  Object.hasOwn(labels, key) || (Object.hasOwn(labels, `${key}.one`) && Object.hasOwn(labels, `${key}.other`));

export const checkLabels: Check = ({ catalogue, docs }) => {
  const problems: Problem[] = [];
  const labels = (lang: string) => catalogue.labels[lang] ?? {};
  for (const lang of LANGUAGES) {
    if (!Object.hasOwn(catalogue.labels, lang))
      problems.push({ file: localeFile(docs, lang), pointer: '', message: `locale file for "${lang}" is missing` });
  }
  for (const r of referencesOf(catalogue, 'label')) {
    const missing = LANGUAGES.filter((lang) => !hasLabel(labels(lang), r.name));
    if (missing.length)
      problems.push({
        file: r.file,
        pointer: r.pointer,
        message: `label "${r.name}" is missing in ${missing.map((l) => `${l}.yaml`).join(', ')}`,
      });
  }
  // The OpenAPI document's texts the calls imply: each area's tag, each call's summary (docs/adr/0074-call-summaries-in-locales.md: the call
  // itself carries no text), described in the request's language.
  const documentLabels = [
    ...[...new Set(Object.keys(catalogue.calls).map((id) => id.split('.')[0]))].map((area) => ({
      key: areaTagLabel(area),
      owner: `area "${area}" has no tag label`,
    })),
    ...Object.keys(catalogue.calls)
      .sort()
      .map((id) => ({ key: callSummaryLabel(id), owner: `call "${id}" has no summary label` })),
    // The message admission answers when a `governs` call's caller sees the tenant but does not govern it.
    ...Object.values(catalogue.calls)
      .filter((call) => typeof call.governs === 'string')
      .map((call) => ({ key: call.governs as string, owner: `call "${call.id}" governs message` })),
  ];
  for (const { key, owner } of documentLabels) {
    const missing = LANGUAGES.filter((lang) => !hasLabel(labels(lang), key));
    if (missing.length)
      problems.push({
        file: localeFile(docs, missing[0]),
        pointer: keyPointer(key),
        message: `${owner} "${key}" in ${missing.map((l) => `${l}.yaml`).join(', ')}`,
      });
  }
  const allKeys = new Set(LANGUAGES.flatMap((lang) => Object.keys(labels(lang))));
  for (const lang of LANGUAGES) {
    if (!Object.hasOwn(catalogue.labels, lang)) continue;
    for (const key of [...allKeys].sort()) {
      if (Object.hasOwn(labels(lang), key)) continue;
      const holders = LANGUAGES.filter((l) => Object.hasOwn(labels(l), key)).map((l) => `${l}.yaml`);
      problems.push({
        file: localeFile(docs, lang),
        pointer: keyPointer(key),
        message: `key "${key}" is in ${holders.join(', ')} but missing here`,
      });
    }
  }
  return problems;
};
