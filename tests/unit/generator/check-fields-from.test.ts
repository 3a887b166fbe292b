// Properties an entity takes from another (docs/adr/0172-catalogue-derives-parts-facts-and-fields.md):
// the approver batch form's entity takes five of the call body's, with its own titles and default;
// `atrium check` refuses an unknown source or property, a property also written by hand, an override of
// a property not picked, one changing the type or restating a keyword, and a source deriving itself.
import { describe, expect, it } from 'vitest';
import { checkFieldsFrom } from '../../../generator/check/fields-from.ts';
import { buildCatalogue } from '../../../src/core/catalogue/build.ts';
import { loadCatalogue } from '../../../src/core/catalogue/from-disk.ts';

type Entities = Record<string, { fieldsFrom?: Record<string, unknown>; schema: Record<string, unknown> }>;
const { docs } = loadCatalogue();
function edit(change: (entities: Entities) => void) {
  const changed = structuredClone(docs);
  change((changed.find((d) => d.file === 'schemas/entities/flow.yaml')!.data as { entities: Entities }).entities);
  return checkFieldsFrom({
    catalogue: buildCatalogue(changed).catalogue,
    docs: changed,
    handlerIds: null,
    registry: null,
  }).map((p) => `${p.pointer.replace('/entities/flow-approver-change/fieldsFrom', '')} ${p.message}`);
}

describe('fieldsFrom', () => {
  it("copies the body's properties with the form's overrides", () => {
    const { catalogue } = loadCatalogue();
    const props = catalogue.entities['flow-approver-change'].schema.properties as Record<
      string,
      Record<string, unknown>
    >;
    const body = catalogue.entities['flow-approver-batch'].schema.properties as Record<string, Record<string, unknown>>;
    expect(Object.keys(props)).toEqual(['mode', 'userids', 'from', 'to', 'comment']);
    expect(props.comment).toEqual(body.comment);
    expect(props.userids).toMatchObject({ type: 'string', maxLength: 20000, title: 'flow.batch.approvers' });
    expect(props.mode).toMatchObject({ enum: ['set', 'replace'], default: 'set', title: 'flow.field.batchMode' });
    expect(body.userids).not.toHaveProperty('title');
    expect(edit(() => {})).toEqual([]);
  });

  it('refuses what does not resolve or repeats', () => {
    expect(
      edit((entities) => {
        const from = entities['flow-approver-change'].fieldsFrom as {
          pick: string[];
          override: Record<string, unknown>;
        };
        from.pick.push('nowhere', 'mode');
        from.pick.splice(0, 1);
        (entities['flow-approver-change'].schema as Record<string, unknown>).properties = {
          comment: { type: 'string' },
        };
        from.override.ids = { title: 'flow.batch.approvers' };
        from.override.to = { type: 'integer', maxLength: 200 };
      }),
    ).toEqual([
      '/pick/3 "comment" is also written in the entity\'s own properties',
      '/pick/4 "flow-approver-batch" has no property "nowhere"',
      '/override/to/type an override keeps the type of the property it takes',
      '/override/to/maxLength repeats "maxLength" of "flow-approver-batch"',
      '/override/ids "ids" is not a picked property',
    ]);
    expect(
      edit((entities) => {
        entities['flow-approver-batch'].fieldsFrom = { entity: 'flow-approver-change', pick: ['mode'] };
        (entities['flow-approver-change'].fieldsFrom as { entity: string }).entity = 'flow-approver-batch';
      }).filter((p) => p.startsWith('/entity')),
    ).toEqual(['/entity "flow-approver-batch" takes its properties from another entity itself']);
  });
});
