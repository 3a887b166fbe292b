// A multi-instance sub-process inside another (docs/adr/0197-multi-instance-sub-processes-nested.md):
// per region (the outer sub-process, over `regions`), per department of that region (the inner one, over
// the region's element), one approval by the department's approver; each level counts its own instances
// and stops at its own completion condition, and a rejection caught on the outer sub-process cancels
// every inner instance. Through the runtime REST on both databases. The drawing is the corpus file
// c7-regional-budget-approval; the reverse (regions in turn, departments side by side) is the same file
// with the loops swapped.
import { describe, expect, it } from 'vitest';
import { readCorpus, type CorpusFile } from '../unit/core/workflow/bpmn-corpus.ts';
import { databaseTargets } from './helpers/databases.ts';
import { corpusRun, redrawn } from './helpers/corpus-run.ts';

const targets = await databaseTargets();
const drawn = (await readCorpus()).find((c) => c.file === 'c7-regional-budget-approval.bpmn')!;

/** The drawing with the regions in turn and each region's departments side by side. */
async function swapped(): Promise<CorpusFile> {
  const file = await redrawn(
    drawn,
    { file: 'c7-regions-in-turn.bpmn', processId: 'Process_0n3h7ct', name: 'Regions in turn' },
    [
      [' isSequential="true" camunda:collection="${departments}"', ' camunda:collection="${departments}"'],
      [
        '<bpmn:multiInstanceLoopCharacteristics camunda:collection="${regions}"',
        '<bpmn:multiInstanceLoopCharacteristics isSequential="true" camunda:collection="${regions}"',
      ],
    ],
  );
  expect(file.read.definition!.nodes[OUTER].multi?.sequential).toBe(true);
  expect(file.read.definition!.nodes[INNER].multi?.sequential).toBeFalsy();
  return file;
}

const OUTER = 'Activity_0r7g2kw';
const INNER = 'Activity_1k4d9px';
const DEPT = 'Activity_0f3j8tl';
const SIGN_OFF = 'Activity_1m2s6yc';
const APPROVE = 'Activity_0b9c4hd';
const REVISE = 'Activity_1z6d3vu';

describe.each(targets)('a multi-instance sub-process inside another, on $name', (target) => {
  const {
    db,
    start,
    submit,
    diagram,
    history: historyOf,
    openTasks,
    tasksAt,
    tokens,
  } = corpusRun(target, 'mm', async () => [drawn, await swapped()]);
  const label = async (id: string) =>
    (await db().selectFrom('flow_instances').select('state_label').where('id', '=', id).executeTakeFirstOrThrow())
      .state_label;

  it('runs regions side by side, departments in turn: each level stops at its own condition', async () => {
    const flow = drawn.processId;
    const id = await start(flow, {
      regions: [['mm-r1', 'mm-r2', 'mm-init'], ['mm-lead'], ['mm-r2', 'mm-r1']],
    });
    // Every region asks its first department; each token says its region and its department.
    expect(await openTasks(id)).toEqual([`${DEPT}:mm-lead`, `${DEPT}:mm-r1`, `${DEPT}:mm-r2`]);
    expect(await tokens(id)).toEqual([
      `${DEPT}@0.0`,
      `${DEPT}@1.0`,
      `${DEPT}@2.0`,
      OUTER,
      `${INNER}@0`,
      `${INNER}@1`,
      `${INNER}@2`,
    ]);
    // The list counts each level: regions done of all, departments done of those of the running regions.
    expect(await label(id)).toMatch(/Region review \(0\/3\)/);
    expect(await label(id)).toMatch(/Department approval \(0\/6\)/);
    // The second region has one department: its inner level ends, and that region goes on to its sign-off.
    expect(await submit(flow, id, 'mm-lead')).toBe('running');
    expect(await openTasks(id)).toEqual([`${DEPT}:mm-r1`, `${DEPT}:mm-r2`, `${SIGN_OFF}:mm-clerk`]);
    expect(await tokens(id)).toEqual([
      `${DEPT}@0.0`,
      `${DEPT}@2.0`,
      OUTER,
      `${INNER}@0`,
      `${INNER}@2`,
      `${SIGN_OFF}@1`,
    ]);
    // One department of the first region: its next department is asked, in that region only.
    expect(await submit(flow, id, 'mm-r1')).toBe('running');
    expect(await tokens(id)).toEqual([
      `${DEPT}@0.1`,
      `${DEPT}@2.0`,
      OUTER,
      `${INNER}@0`,
      `${INNER}@2`,
      `${SIGN_OFF}@1`,
    ]);
    // mm-r2's older task is the third region's first department.
    expect(await submit(flow, id, 'mm-r2')).toBe('running');
    expect(await tokens(id)).toEqual([
      `${DEPT}@0.1`,
      `${DEPT}@2.1`,
      OUTER,
      `${INNER}@0`,
      `${INNER}@2`,
      `${SIGN_OFF}@1`,
    ]);
    // Two departments of the first region: its condition holds, its third department is never asked.
    expect(await submit(flow, id, 'mm-r2')).toBe('running');
    expect(await openTasks(id)).toEqual([`${DEPT}:mm-r1`, `${SIGN_OFF}:mm-clerk`, `${SIGN_OFF}:mm-clerk`]);
    expect(await tokens(id)).toEqual([`${DEPT}@2.1`, OUTER, `${INNER}@2`, `${SIGN_OFF}@0`, `${SIGN_OFF}@1`]);
    expect(await label(id)).toMatch(/Department approval \(1\/2\)/);
    // One region signed off is not two.
    expect(await submit(flow, id, 'mm-clerk')).toBe('running');
    expect(await tokens(id)).toEqual([`${DEPT}@2.1`, OUTER, `${INNER}@2`, `${SIGN_OFF}@0`]);
    // Two regions: the outer condition holds, the third region's department still asked is cancelled.
    expect(await submit(flow, id, 'mm-clerk')).toBe('running');
    expect(await openTasks(id)).toEqual([`${APPROVE}:mm-clerk`]);
    expect(await tokens(id)).toEqual([APPROVE]);
    expect(await tasksAt(id, DEPT)).toEqual(['cancelled', 'done', 'done', 'done', 'done']);
    expect(await submit(flow, id, 'mm-clerk')).toBe('completed');
    const history = await historyOf(id);
    expect(history.filter((h) => h.endsWith(` ${OUTER}`))).toEqual([`auto ${OUTER}`]);
    // Two regions' departments completed, the third region's interrupted.
    expect(history.filter((h) => h.endsWith(` ${INNER}`))).toEqual([
      `auto ${INNER}`,
      `auto ${INNER}`,
      `interrupted ${INNER}`,
    ]);
    expect(history.filter((h) => h === 'auto Event_0j9m1xs')).toHaveLength(4);
    expect(history.filter((h) => h === 'auto Event_0p7x3ke')).toHaveLength(2);
    const { done, interrupted } = await diagram(flow, id);
    expect(done).toEqual(expect.arrayContaining([OUTER, INNER, DEPT, SIGN_OFF, APPROVE, 'Event_1e2u6jr']));
    expect(interrupted).toEqual([]);
  }, 120_000);

  it('runs regions in turn, departments side by side: two departments end a region, two regions the review', async () => {
    const flow = 'Process_0n3h7ct';
    const id = await start(flow, { regions: [['mm-r1', 'mm-r2', 'mm-init'], ['mm-lead'], ['mm-r2']] });
    expect(await openTasks(id)).toEqual([`${DEPT}:mm-init`, `${DEPT}:mm-r1`, `${DEPT}:mm-r2`]);
    expect(await tokens(id)).toEqual([`${DEPT}@0.0`, `${DEPT}@0.1`, `${DEPT}@0.2`, OUTER, `${INNER}@0`]);
    expect(await submit(flow, id, 'mm-r1')).toBe('running');
    // Two of three: the third department's task is cancelled, the region goes on to its sign-off.
    expect(await submit(flow, id, 'mm-init')).toBe('running');
    expect(await openTasks(id)).toEqual([`${SIGN_OFF}:mm-clerk`]);
    expect(await tokens(id)).toEqual([OUTER, `${SIGN_OFF}@0`]);
    expect(await tasksAt(id, DEPT)).toEqual(['cancelled', 'done', 'done']);
    // The first region done, the second starts: its one department.
    expect(await submit(flow, id, 'mm-clerk')).toBe('running');
    expect(await openTasks(id)).toEqual([`${DEPT}:mm-lead`]);
    expect(await tokens(id)).toEqual([`${DEPT}@1.0`, OUTER, `${INNER}@1`]);
    expect(await submit(flow, id, 'mm-lead')).toBe('running');
    expect(await tokens(id)).toEqual([OUTER, `${SIGN_OFF}@1`]);
    // Two regions: the third is never started.
    expect(await submit(flow, id, 'mm-clerk')).toBe('running');
    expect(await openTasks(id)).toEqual([`${APPROVE}:mm-clerk`]);
    expect(await tasksAt(id, DEPT)).toEqual(['cancelled', 'done', 'done', 'done']);
    expect(await submit(flow, id, 'mm-clerk')).toBe('completed');
    const history = await historyOf(id);
    expect(history.filter((h) => h.endsWith(` ${OUTER}`))).toEqual([`auto ${OUTER}`]);
    expect(history.filter((h) => h.endsWith(` ${INNER}`))).toEqual([`auto ${INNER}`, `auto ${INNER}`]);
  }, 120_000);

  it('a rejection in one region leaves by the boundary on the outer sub-process: every inner instance is cancelled', async () => {
    const flow = drawn.processId;
    const id = await start(flow, {
      regions: [
        ['mm-r1', 'mm-r2'],
        ['mm-lead', 'mm-init'],
      ],
    });
    expect(await submit(flow, id, 'mm-lead')).toBe('running');
    expect(await tokens(id)).toEqual([`${DEPT}@0.0`, `${DEPT}@1.1`, OUTER, `${INNER}@0`, `${INNER}@1`]);
    expect(await submit(flow, id, 'mm-r1', { decision: 'reject' })).toBe('running');
    // The second region's department still asked goes with both regions' inner levels.
    expect(await openTasks(id)).toEqual([`${REVISE}:mm-clerk`]);
    expect(await tokens(id)).toEqual([REVISE]);
    expect(await tasksAt(id, DEPT)).toEqual(['cancelled', 'done', 'done']);
    expect(await submit(flow, id, 'mm-clerk')).toBe('completed');
    const history = await historyOf(id);
    expect(history.filter((h) => h.endsWith(` ${OUTER}`))).toEqual([`interrupted ${OUTER}`]);
    expect(history.filter((h) => h.endsWith(` ${INNER}`))).toEqual([`interrupted ${INNER}`]);
    expect(history[history.indexOf('auto Event_0k4b7zn') - 1]).toBe(`interrupted ${OUTER}`);
    expect(history).not.toContain(`auto ${APPROVE}`);
    const { done, interrupted } = await diagram(flow, id);
    expect([...interrupted].sort()).toEqual([OUTER, INNER]);
    expect(done).toEqual(expect.arrayContaining(['Event_0k4b7zn', REVISE, 'Event_0c5l9qg']));
    expect(done).not.toContain(OUTER);
    expect(done).not.toContain(APPROVE);
  }, 120_000);
});
