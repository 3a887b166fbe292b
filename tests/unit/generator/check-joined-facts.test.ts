// How a panel fact says its value (docs/adr/0172-catalogue-derives-parts-facts-and-fields.md): `atrium
// check` passes the flow detail's base facts and refuses a fact saying its value two ways, a joined
// value that is no list, a `say` over no object, and a joined list naming fields its entries lack.
import { describe, expect, it } from 'vitest';
import { checkJoinedFacts } from '../../../generator/check/joined-facts.ts';
import { loadCatalogue } from '../../../src/core/catalogue/from-disk.ts';
import type { PanelScreen } from '../../../src/core/catalogue/types.ts';

describe('joined and said facts', () => {
  it('pass the flow detail and refuse what the answer cannot give', () => {
    const { catalogue, docs } = loadCatalogue();
    const run = () =>
      checkJoinedFacts({ catalogue, docs, handlerIds: null, registry: null }).map(
        (p) => `${p.pointer.replace(/^\/screens\/\d+/, '')} ${p.message}`,
      );
    expect(run()).toEqual([]);
    const facts = (catalogue.screens['flow.instance'] as unknown as PanelScreen).parts[0].facts!;
    const at = (label: string) => facts.findIndex((f) => f.label === label);
    const current = facts[at('flow.detail.current')];
    current.join!.field = 'nodeNames';
    current.join!.lists = { approvers: { separator: ', ', field: 'login' }, nodeId: { separator: ', ' } };
    facts[at('flow.detail.notices')].value = 'reply.notices.told';
    facts[at('flow.field.docId')].join = { separator: ', ' };
    facts[at('flow.field.status')].aside = 'reply.instance.flowId';
    expect(run()).toEqual([
      `/parts/0/facts/${at('flow.field.docId')}/join a joined value is a list`,
      `/parts/0/facts/${at('flow.field.status')} says its value one way only (has labels, aside)`,
      `/parts/0/facts/${at('flow.detail.current')}/join/field the entries have no field "nodeNames"`,
      `/parts/0/facts/${at('flow.detail.current')}/join/lists/approvers/field the entries have no field "login"`,
      `/parts/0/facts/${at('flow.detail.current')}/join/lists/nodeId a joined value is a list`,
      `/parts/0/facts/${at('flow.detail.notices')}/say a said value is an object`,
    ]);
  });
});
