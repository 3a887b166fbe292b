// The places reassigned approvers take at an approval collecting output
// (docs/adr/0206-multi-instance-output-collections-kept-in-step.md): a new approver's own place when a
// cancelled task held it, else the next one left, in the order the cancelled tasks were opened.
import { describe, expect, it } from 'vitest';
import { pairSlots } from '../../../src/server/workflow/multi-instance-slots.ts';

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
});
