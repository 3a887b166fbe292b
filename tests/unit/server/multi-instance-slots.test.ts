// The instances reassigned approvers do at a multi-instance approval
// (docs/adr/0208-multi-instance-instances-kept-by-whom-they-are-for.md): a new approver's own when a
// cancelled task did it, else the next one left, in the order the cancelled tasks were opened.
import { describe, expect, it } from 'vitest';
import { instanceOf, pairSlots, reassignedSlots } from '../../../src/server/workflow/multi-instance-slots.ts';
import type { ProcessDefinition } from '../../../src/core/workflow/process-definition.ts';

describe('pairSlots', () => {
  it('gives a replacement outside the collection the place of the task it replaces', () => {
    expect(pairSlots([2], [-1])).toEqual([2]);
  });

  it('keeps a new approver’s own place when it was held, and gives the others the rest in order', () => {
    // Open: r2 (1) and the lead (2) replaced by [clerk, r2]: r2 keeps 1, the clerk takes 2.
    expect(pairSlots([1, 2], [-1, 1])).toEqual([2, 1]);
    expect(pairSlots([1, 2], [1, -1])).toEqual([1, 2]);
  });

  it('does not give an approver its own place when no cancelled task held it', () => {
    // r1 (place 0) already voted; set on the lead's task (2): r1's new task is the lead's instance.
    expect(pairSlots([2], [0])).toEqual([2]);
  });

  it('leaves an approver beyond the cancelled tasks without a place (its output comes last)', () => {
    expect(pairSlots([0], [-1, -1])).toEqual([0, undefined]);
    expect(pairSlots([], [-1])).toEqual([undefined]);
  });

  it('pairs approvers by whose instance the cancelled tasks did', () => {
    // r2's task, standing in for r1, and the lead's replaced by [lead, clerk]: the lead keeps its own, the clerk does r1's.
    expect(pairSlots(['r1', 'lead'], ['lead', 'clerk'])).toEqual(['lead', 'r1']);
  });
});

describe('reassignedSlots', () => {
  const definition = {
    nodes: { vote: { id: 'vote', multi: { sequential: true } }, plain: { id: 'plain' } },
  } as unknown as ProcessDefinition;

  it('keeps on a stand-in’s task whose instance it does, handing on one kept already', () => {
    const cancelled = [{ token_id: 't', node_id: 'vote', assignee_id: 'clerk', output: { for: 'r2' } }];
    const made = [{ token_id: 't', node_id: 'vote', assignee_id: 'lead' }];
    expect(reassignedSlots(definition, cancelled, made)).toEqual(['{"for":"r2"}']);
    expect(instanceOf({ assignee_id: 'lead', output: { for: 'r2' } })).toBe('r2');
  });

  it('keeps nothing for an approver doing its own instance, or at an approval that is not multi-instance', () => {
    const cancelled = [
      { token_id: 't', node_id: 'vote', assignee_id: 'lead', output: null },
      { token_id: 'u', node_id: 'plain', assignee_id: 'r1', output: null },
    ];
    const made = [
      { token_id: 't', node_id: 'vote', assignee_id: 'lead' },
      { token_id: 'u', node_id: 'plain', assignee_id: 'clerk' },
    ];
    expect(reassignedSlots(definition, cancelled, made)).toEqual([null, null]);
  });
});
