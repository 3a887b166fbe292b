// Every reference in the catalogue: screens, routes, calls and entities.
import type { Catalogue } from '../../../src/core/catalogue/types.ts';
import type { Reference } from './reference.ts';
import { referenceSink } from './reference.ts';
import { entityRuleReferences, schemaReferences } from './schema-references.ts';
import { screenReferences } from './screen-references.ts';

/** `public` and `login` are keywords of `allow`, not rules. */
export const ALLOW_KEYWORDS: ReadonlySet<string> = new Set(['public', 'login']);

export function catalogueReferences(catalogue: Catalogue): Reference[] {
  const out: Reference[] = [];
  for (const entity of Object.values(catalogue.entities)) {
    referenceSink(out, entity.origin.file, entity.origin.pointer)('label', entity.label, '/label');
    schemaReferences(entity.schema, entity.origin.file, `${entity.origin.pointer}/schema`, out);
    entityRuleReferences(entity, out);
  }
  for (const call of Object.values(catalogue.calls)) {
    const { file, pointer } = call.origin;
    if (!ALLOW_KEYWORDS.has(call.allow)) referenceSink(out, file, pointer)('rule', call.allow, '/allow');
    for (const part of ['query', 'params', 'body', 'reply'] as const)
      schemaReferences(call[part], file, `${pointer}/${part}`, out);
  }
  for (const screen of Object.values(catalogue.screens)) screenReferences(screen, out, catalogue);
  for (const route of catalogue.routes) {
    const ref = referenceSink(out, route.origin.file, route.origin.pointer);
    ref('screen', route.screen, '/screen');
    ref('route', route.redirect, '/redirect');
    route.guards?.forEach((g, i) => ref('guard', g, `/guards/${i}`));
  }
  return out;
}
