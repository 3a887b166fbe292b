// References inside a JSON Schema (an entity's or a call's): entity $refs, label keys in titles,
// x-messages and x-labels, x-widget names, and the call and rules of x-options and x-search.
import type { EntityDef } from '../../../src/core/catalogue/types.ts';
import { ENTITY_REF } from '../../../src/core/catalogue/schema-refs.ts';
import { pointerSegment, walkSchema } from '../../schema-walk.ts';
import type { Reference } from './reference.ts';
import { referenceSink } from './reference.ts';

/** What an entity's rules and option queries read: the record and the caller (the server has no screen). */
export const RECORD_RULE_ROOTS: readonly string[] = ['form', 'user'];

export function schemaReferences(schema: unknown, file: string, pointer: string, out: Reference[]): void {
  walkSchema(schema, pointer, (node, at) => {
    const ref = referenceSink(out, file, at);
    if (typeof node.$ref === 'string' && ENTITY_REF.test(node.$ref))
      ref('entity', node.$ref.slice('entity:'.length), '/$ref');
    ref('label', node.title, '/title');
    ref('widget', node['x-widget'], '/x-widget');
    const options = node['x-options'] as { call?: unknown; query?: Record<string, unknown> } | undefined;
    if (options && typeof options === 'object') {
      ref('call', options.call, '/x-options/call');
      for (const [name, rule] of Object.entries(options.query ?? {})) {
        if (typeof rule === 'string')
          out.push({
            kind: 'rule',
            name: rule,
            file,
            pointer: `${at}/x-options/query/${pointerSegment(name)}`,
            roots: RECORD_RULE_ROOTS,
          });
      }
    }
    const search = node['x-search'] as { call?: unknown; params?: Record<string, unknown> } | undefined;
    if (search && typeof search === 'object') {
      ref('call', search.call, '/x-search/call');
      for (const [name, rule] of Object.entries(search.params ?? {})) {
        if (typeof rule === 'string')
          out.push({
            kind: 'rule',
            name: rule,
            file,
            pointer: `${at}/x-search/params/${pointerSegment(name)}`,
            roots: RECORD_RULE_ROOTS,
          });
      }
    }
    for (const keyword of ['x-messages', 'x-labels']) {
      const map = node[keyword];
      if (map && typeof map === 'object') {
        for (const [k, v] of Object.entries(map)) ref('label', v, `/${keyword}/${pointerSegment(k)}`);
      }
    }
  });
}

/** An entity's `rules`: the field each names, its message and its two rules (over form and user only). */
export function entityRuleReferences(entity: EntityDef, out: Reference[]): void {
  entity.rules?.forEach((rule, i) => {
    const at = `${entity.origin.pointer}/rules/${i}`;
    const ref = referenceSink(out, entity.origin.file, at);
    ref('field', rule.field, '/field', entity.id);
    ref('label', rule.message, '/message');
    for (const part of ['when', 'require'] as const) {
      if (rule[part] !== undefined)
        out.push({
          kind: 'rule',
          name: rule[part],
          file: entity.origin.file,
          pointer: `${at}/${part}`,
          roots: RECORD_RULE_ROOTS,
        });
    }
  });
}
