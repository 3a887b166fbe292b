// The intervention dialog's rules for adding an entry (spec/domain-console.md, "States and transitions", "Validation rules"): a node is needed, an
// approval needs approvers (but one inside a multi-instance sub-process, which each instance's rule
// resolves: docs/adr/0223-intervention-instances-chosen-and-approvers-per-instance.md), nothing after an
// end node, an end node only alone, at least one running instance when they are chosen. Each kind of node
// offered (the catalogue's flow-other-node, with intermediate catch events since
// docs/adr/0245-zeebe-correlation-keys.md) is named in en, zh and cn, so none shows as a bare key.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  additionRefusal,
  type Entry,
  type OtherNode,
} from '../../../src/console/plugins/flow-monitor/useIntervention.ts';

const approval: OtherNode = { id: 'hr', statelabel: 'HR approval', type: 'ManualNode' };
const auto: OtherNode = { id: 'log', statelabel: 'Log', type: 'AutoNode' };
const end: OtherNode = { id: 'e', statelabel: 'Approved', type: 'CompleteNode' };
const caught: OtherNode = { id: 'paid', statelabel: 'Payment received', type: 'CatchNode' };
const someone = [{ id: 'u1', name: 'Ann' }];

describe('adding an intervention entry', () => {
  it('needs a node, and approvers for an approval but not for an auto or end node', () => {
    expect(additionRefusal([], undefined, [])).toBe('flow.msg.noIntervention');
    expect(additionRefusal([], approval, [])).toBe('flow.msg.handlerEmpty');
    expect(additionRefusal([], approval, someone)).toBeNull();
    expect(additionRefusal([], auto, [])).toBeNull();
    expect(additionRefusal([], end, [])).toBeNull();
    expect(additionRefusal([], caught, [])).toBeNull();
  });

  it('keeps an end node alone', () => {
    const withApproval: Entry[] = [{ node: approval, users: someone }];
    const withEnd: Entry[] = [{ node: end, users: [] }];
    expect(additionRefusal(withApproval, end, [])).toBe('flow.msg.endNodeAlone');
    expect(additionRefusal(withEnd, auto, [])).toBe('flow.msg.afterEnd');
    expect(additionRefusal(withApproval, auto, [])).toBeNull();
  });
});

describe('inside a multi-instance sub-process', () => {
  const inside: OtherNode = {
    id: 'check',
    statelabel: 'Review round › Check clauses',
    type: 'ManualNode',
    perInstance: true,
    instances: [
      { index: 0, element: 'r1' },
      { index: 1, element: 'r2' },
    ],
  };

  it("leaves an approval's approvers to each instance's rule, and needs one instance chosen", () => {
    expect(additionRefusal([], inside, [])).toBeNull();
    expect(additionRefusal([], inside, someone, [1])).toBeNull();
    expect(additionRefusal([], inside, [], [])).toBe('flow.msg.noInstanceChosen');
  });
});

describe('the kinds of node offered', () => {
  const read = (file: string) => parse(readFileSync(file, 'utf8')) as Record<string, Record<string, unknown>>;
  const { entities } = read('schemas/entities/flow.yaml') as {
    entities: Record<string, { schema: { properties: { type: { enum: string[] } } } }>;
  };
  const kinds = entities['flow-other-node'].schema.properties.type.enum;

  it('names each in en, zh and cn', () => {
    expect(kinds).toContain('CatchNode');
    for (const lang of ['en', 'zh', 'cn']) {
      const named = (read(`locales/${lang}.yaml`).flow as { nodeType: Record<string, unknown> }).nodeType;
      for (const kind of kinds) expect(typeof named[kind], `${lang} ${kind}`).toBe('string');
    }
  });
});
