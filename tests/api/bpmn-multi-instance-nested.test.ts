// A countersign per instance of a multi-instance sub-process (a multi-instance approval drawn
// inside it), each level with its own counts and completion condition, and the history's outcome of a
// sub-process completed or interrupted (docs/adr/0185-nested-countersigns-and-interrupted-sub-processes.md),
// through the runtime REST on both databases. The drawing is the corpus file c7-department-countersign;
// the reverse (departments in turn, members side by side) is the same file with the loops swapped.
import { describe, expect, it } from 'vitest';
import { readCorpus, type CorpusFile } from '../unit/core/workflow/bpmn-corpus.ts';
import { databaseTargets } from './helpers/databases.ts';
import { corpusRun, redrawn } from './helpers/corpus-run.ts';

const targets = await databaseTargets();
const drawn = (await readCorpus()).find((c) => c.file === 'c7-department-countersign.bpmn')!;

/** The drawing with the departments in turn (at most two of them needed) and each department's members side by side. */
const swapped = (): Promise<CorpusFile> =>
  redrawn(drawn, { file: 'c7-departments-in-turn.bpmn', processId: 'Process_1t6w9bn', name: 'Departments in turn' }, [
    [' isSequential="true" camunda:collection="${members}"', ' camunda:collection="${members}"'],
    [
      '<bpmn:multiInstanceLoopCharacteristics camunda:collection="${departments}" camunda:elementVariable="members" />',
      `<bpmn:multiInstanceLoopCharacteristics isSequential="true" camunda:collection="\${departments}" camunda:elementVariable="members">
        <bpmn:completionCondition xsi:type="bpmn:tFormalExpression">\${nrOfCompletedInstances &gt;= 2}</bpmn:completionCondition>
      </bpmn:multiInstanceLoopCharacteristics>`,
    ],
  ]);

describe.each(targets)('a countersign per instance of a multi-instance sub-process, on $name', (target) => {
  const {
    start,
    submit,
    diagram,
    history: historyOf,
    openTasks,
    tasksAt,
    tokens,
  } = corpusRun(target, 'mn', async () => [drawn, await swapped()]);

  const SUB = 'Activity_0x3k2mf';
  const SIGN = 'Activity_1r9f4zk';

  it('runs departments side by side, members in turn: each department counts its own members, then the contract is filed', async () => {
    const flow = drawn.processId;
    const id = await start(flow, { departments: [['mn-r1', 'mn-r2', 'mn-init'], ['mn-lead']] });
    // One countersign per department, its first member asked.
    expect(await openTasks(id)).toEqual([`${SIGN}:mn-lead`, `${SIGN}:mn-r1`]);
    expect(await tokens(id)).toEqual([SUB, `${SIGN}@0`, `${SIGN}@1`]);
    // One of three members is not half of the first department: its next member is asked.
    expect(await submit(flow, id, 'mn-r1')).toBe('running');
    expect(await openTasks(id)).toEqual([`${SIGN}:mn-lead`, `${SIGN}:mn-r2`]);
    // The second department's only member is all of it: that instance ends, one of two departments done.
    expect(await submit(flow, id, 'mn-lead')).toBe('running');
    expect(await tokens(id)).toEqual([SUB, `${SIGN}@0`]);
    // Two of three: the first department is done (its last member never asked), and so the sub-process.
    expect(await submit(flow, id, 'mn-r2')).toBe('running');
    expect(await openTasks(id)).toEqual(['Activity_0v5n1ph:mn-clerk']);
    expect(await tasksAt(id, SIGN)).toEqual(['done', 'done', 'done']);
    expect(await submit(flow, id, 'mn-clerk')).toBe('completed');
    const history = await historyOf(id);
    expect(history.filter((h) => h.endsWith(` ${SUB}`))).toEqual([`auto ${SUB}`]);
    expect(history.filter((h) => h === 'auto Event_0f6w2yl')).toHaveLength(2);
    const { done, interrupted } = await diagram(flow, id);
    expect(done).toEqual(expect.arrayContaining([SUB, SIGN, 'Event_0f6w2yl', 'Activity_0v5n1ph', 'Event_1a4g6xm']));
    expect(interrupted).toEqual([]);
  }, 120_000);

  it('runs departments in turn, members side by side: the outer condition stops after two departments', async () => {
    const flow = 'Process_1t6w9bn';
    const id = await start(flow, { departments: [['mn-r1', 'mn-r2'], ['mn-init', 'mn-lead', 'mn-r1'], ['mn-r2']] });
    expect(await openTasks(id)).toEqual([`${SIGN}:mn-r1`, `${SIGN}:mn-r2`]);
    // Half of the first department: its other member's task is cancelled, the second department starts.
    expect(await submit(flow, id, 'mn-r1')).toBe('running');
    expect(await openTasks(id)).toEqual([`${SIGN}:mn-init`, `${SIGN}:mn-lead`, `${SIGN}:mn-r1`]);
    expect(await tokens(id)).toEqual([SUB, `${SIGN}@1`]);
    // One of three is not half of the second department.
    expect(await submit(flow, id, 'mn-lead')).toBe('running');
    expect(await openTasks(id)).toEqual([`${SIGN}:mn-init`, `${SIGN}:mn-r1`]);
    // Two of three: the second department is done, two departments are: the third is never asked.
    expect(await submit(flow, id, 'mn-init')).toBe('running');
    expect(await openTasks(id)).toEqual(['Activity_0v5n1ph:mn-clerk']);
    expect(await tasksAt(id, SIGN)).toEqual(['cancelled', 'cancelled', 'done', 'done', 'done']);
    expect(await submit(flow, id, 'mn-clerk')).toBe('completed');
    expect((await historyOf(id)).filter((h) => h.endsWith(` ${SUB}`))).toEqual([`auto ${SUB}`]);
  }, 120_000);

  it('a veto in one department leaves by the boundary on the sub-process: every countersign inside is cancelled', async () => {
    const flow = drawn.processId;
    const id = await start(flow, {
      departments: [
        ['mn-r1', 'mn-r2'],
        ['mn-lead', 'mn-init'],
      ],
    });
    expect(await submit(flow, id, 'mn-r1', { decision: 'veto' })).toBe('running');
    // The first department's countersign is done and vetoes: the error is caught on the sub-process,
    // the second department's countersign is cancelled with it, and the contract is renegotiated.
    expect(await openTasks(id)).toEqual(['Activity_1g7m3qe:mn-clerk']);
    expect(await tokens(id)).toEqual(['Activity_1g7m3qe']);
    expect(await tasksAt(id, SIGN)).toEqual(['cancelled', 'done']);
    expect(await submit(flow, id, 'mn-clerk')).toBe('completed');
    const history = await historyOf(id);
    // Interrupted, not completed: the history says so, once, before the boundary's entry (docs/adr/0185-nested-countersigns-and-interrupted-sub-processes.md).
    expect(history.filter((h) => h.endsWith(` ${SUB}`))).toEqual([`interrupted ${SUB}`]);
    expect(history[history.indexOf('auto Event_0r2h8vu') - 1]).toBe(`interrupted ${SUB}`);
    expect(history).not.toContain('auto Activity_0v5n1ph');
    const { done, interrupted } = await diagram(flow, id);
    expect(interrupted).toEqual([SUB]);
    expect(done).toEqual(expect.arrayContaining(['Event_0r2h8vu', 'Activity_1g7m3qe', 'Event_0w8e2lj']));
    expect(done).not.toContain(SUB);
    expect(done).not.toContain('Activity_0v5n1ph');
  }, 120_000);
});
