// References inside a JSON Schema (an entity's or a call's): entity $refs, label keys in titles,
// x-messages and x-labels, and x-widget names.
import { ENTITY_REF } from '../../../src/core/catalogue/schema-refs.ts';
import { pointerSegment, walkSchema } from '../../schema-walk.ts';
import type { Reference } from './reference.ts';
import { referenceSink } from './reference.ts';

export function schemaReferences(schema: unknown, file: string, pointer: string, out: Reference[]): void {
  walkSchema(schema, pointer, (node, at) => {
    const ref = referenceSink(out, file, at);
    if (typeof node.$ref === 'string' && ENTITY_REF.test(node.$ref)) ref('entity', node.$ref.slice('entity:'.length), '/$ref');
    ref('label', node.title, '/title');
    ref('widget', node['x-widget'], '/x-widget');
    for (const keyword of ['x-messages', 'x-labels']) {
      const map = node[keyword];
      if (map && typeof map === 'object') {
        for (const [k, v] of Object.entries(map)) ref('label', v, `/${keyword}/${pointerSegment(k)}`);
      }
    }
  });
}
