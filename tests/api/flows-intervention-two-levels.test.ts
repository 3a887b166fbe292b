// Interventions to a node two multi-instance levels deep
// (docs/adr/0246-interventions-two-multi-instance-levels-deep.md), through the console's calls on both
// databases. c7-regional-budget-approval: "Region review" in parallel over `regions`, in each region
// "Department approval" over the region's element (`departments`), "Department approves" by `${approver}`;
// each level completes at two instances done. Redrawn with the departments side by side too. A target
// names the regions in `instances` and, per region, the departments in `inner`; the instance then runs to
// its end as the engine runs it.
import { describe, expect, it } from 'vitest';
import { readCorpus } from '../unit/core/workflow/bpmn-corpus.ts';
import { redrawn } from './helpers/corpus-run.ts';
import { databaseTargets } from './helpers/databases.ts';
import { historyOf, instanceOf, loopTokens } from './helpers/instance-readers.ts';
import { ADMIN, GLOBEX } from './helpers/test-server.ts';
import { interventionWorld } from './helpers/intervention-world.ts';

const targets = await databaseTargets();
const drawn = (await readCorpus()).find((c) => c.file === 'c7-regional-budget-approval.bpmn')!;
/** Departments side by side in each region. */
const sideBySide = await redrawn(
  drawn,
  { file: 'c7-regions-departments-parallel.bpmn', processId: 'Process_0p4r2ll', name: 'Regions and departments' },
  [[' isSequential="true" camunda:collection="${departments}"', ' camunda:collection="${departments}"']],
);
const IN_TURN = drawn.processId;
const PARALLEL = sideBySide.processId;
const OUTER = 'Activity_0r7g2kw';
const INNER = 'Activity_1k4d9px';
const DEPT = 'Activity_0f3j8tl';
const SIGN_OFF = 'Activity_1m2s6yc';
const APPROVE = 'Activity_0b9c4hd';

type Offered = {
  id: string;
  instances?: Array<{ index: number; element: string }>;
  anew?: boolean;
  perInstance?: boolean;
  inner?: Array<{
    outer: number;
    anew?: boolean;
    sequential?: boolean;
    instances: Array<{ index: number; element: string; user?: string }>;
  }>;
};

describe.each(targets)('interventions two multi-instance levels deep, on $name', (target) => {
  const iv = interventionWorld(target, {
    prefix: 'tl',
    files: [drawn, sideBySide],
    groups: ['legal'],
    comment: 'back to a department',
  });
  const { openTasks, move } = iv;
  const tokens = (id: string) => loopTokens(iv.server.db, id);
  const offered = async (id: string) => (await iv.others(id)).find((n) => n.id === DEPT) as Offered;
  const submit = (flow: string, id: string, who: string) => iv.engine.submit(flow, id, who, { formData: {} });
  /** Every open task submitted by its assignee, oldest first, until none is left. */
  async function runToEnd(flow: string, id: string): Promise<void> {
    for (let left = await openTasks(id); left.length > 0; left = await openTasks(id))
      await submit(flow, id, left[0].split(':')[1]);
  }
  const regions = [
    ['tl-r1', 'tl-r2'],
    ['tl-lead', 'tl-r1'],
  ];

  it('parallel in parallel: offers both levels, moves one department of one region, the others stay', async () => {
    const id = await iv.engine.start(PARALLEL, 'tl-init', { formData: { regions } });
    expect(await tokens(id)).toEqual([
      `${DEPT}@0.0`,
      `${DEPT}@0.1`,
      `${DEPT}@1.0`,
      `${DEPT}@1.1`,
      OUTER,
      `${INNER}@0`,
      `${INNER}@1`,
    ]);
    const offer = await offered(id);
    expect(offer).toMatchObject({ perInstance: true, instances: [{ index: 0 }, { index: 1 }] });
    expect(offer.anew).toBeUndefined();
    expect(offer.inner).toEqual([
      {
        outer: 0,
        instances: [
          { index: 0, element: 'tl-r1', user: 'Engine tl r1' },
          { index: 1, element: 'tl-r2', user: 'Engine tl r2' },
        ],
      },
      {
        outer: 1,
        instances: [
          { index: 0, element: 'tl-lead', user: 'Engine tl lead' },
          { index: 1, element: 'tl-r1', user: 'Engine tl r1' },
        ],
      },
    ]);
    const moved = await move(id, [
      { nodeid: DEPT, userids: iv.world.users.clerk, instances: [0], inner: [{ outer: 0, instances: [1] }] },
    ]);
    expect(moved.reply.errcode, moved.reply.errmsg).toBe(0);
    // Only region 1's second department moved, to the clerk; its holding tokens and the others stayed.
    expect(await openTasks(id)).toEqual([`${DEPT}:tl-clerk`, `${DEPT}:tl-lead`, `${DEPT}:tl-r1`, `${DEPT}:tl-r1`]);
    expect(await tokens(id)).toEqual([
      `${DEPT}@0.0`,
      `${DEPT}@0.1`,
      `${DEPT}@1.0`,
      `${DEPT}@1.1`,
      OUTER,
      `${INNER}@0`,
      `${INNER}@1`,
    ]);
    await runToEnd(PARALLEL, id);
    expect(await instanceOf(iv.server.db, id)).toMatchObject({ status: 'completed' });
    const history = await historyOf(iv.server.db, id);
    // Four departments approved (one by the clerk), two regions signed off, each level left once per run.
    expect(history.filter((h) => h === `submit ${DEPT}`)).toHaveLength(4);
    expect(history.filter((h) => h === `submit ${SIGN_OFF}`)).toHaveLength(2);
    expect(history.filter((h) => h.endsWith(` ${INNER}`))).toEqual([`auto ${INNER}`, `auto ${INNER}`]);
    expect(history.filter((h) => h.endsWith(` ${OUTER}`))).toEqual([`auto ${OUTER}`]);
    expect(history.filter((h) => h === `submit ${APPROVE}`)).toHaveLength(1);
  }, 180_000);

  it('parallel in parallel: enters the departments anew in a region past them, and both levels anew from after them', async () => {
    const id = await iv.engine.start(PARALLEL, 'tl-init', { formData: { regions } });
    // Region 2's departments both approve: it goes on to its sign-off.
    await submit(PARALLEL, id, 'tl-lead');
    await submit(PARALLEL, id, 'tl-r1'); // region 1's first department (the older task)
    await submit(PARALLEL, id, 'tl-r1');
    expect(await tokens(id)).toEqual([`${DEPT}@0.1`, OUTER, `${INNER}@0`, `${SIGN_OFF}@1`]);
    const offer = await offered(id);
    expect(offer.inner).toEqual([
      { outer: 0, instances: [{ index: 1, element: 'tl-r2', user: 'Engine tl r2' }] },
      {
        outer: 1,
        anew: true,
        instances: [
          { index: 0, element: 'tl-lead', user: 'Engine tl lead' },
          { index: 1, element: 'tl-r1', user: 'Engine tl r1' },
        ],
      },
    ]);
    // Region 2 back to its second department (the clerk); its first starts at the start, by the rule.
    const back = await move(id, [
      { nodeid: DEPT, userids: iv.world.users.clerk, instances: [1], inner: [{ outer: 1, instances: [1] }] },
    ]);
    expect(back.reply.errcode, back.reply.errmsg).toBe(0);
    expect(await tokens(id)).toEqual([`${DEPT}@0.1`, `${DEPT}@1.0`, `${DEPT}@1.1`, OUTER, `${INNER}@0`, `${INNER}@1`]);
    expect(await openTasks(id)).toEqual([`${DEPT}:tl-clerk`, `${DEPT}:tl-lead`, `${DEPT}:tl-r2`]);
    await runToEnd(PARALLEL, id);
    expect(await openTasks(id)).toEqual([]);
    expect(await instanceOf(iv.server.db, id)).toMatchObject({ status: 'completed' });

    // From after the regions: both levels entered anew; region 1 starts at its start, region 2's second
    // department at the node by its rule, its first at the start.
    const again = await iv.engine.start(PARALLEL, 'tl-init', { formData: { regions } });
    const toApprove = await move(again, [{ nodeid: APPROVE, userids: iv.world.users.clerk }]);
    expect(toApprove.reply.errcode, toApprove.reply.errmsg).toBe(0);
    const fresh = await offered(again);
    expect(fresh).toMatchObject({ anew: true, instances: [{ index: 0 }, { index: 1 }] });
    expect(fresh.inner?.map((i) => [i.outer, i.anew, i.instances.map((x) => x.element)])).toEqual([
      [0, true, ['tl-r1', 'tl-r2']],
      [1, true, ['tl-lead', 'tl-r1']],
    ]);
    const anew = await move(again, [{ nodeid: DEPT, instances: [1], inner: [{ outer: 1, instances: [1] }] }]);
    expect(anew.reply.errcode, anew.reply.errmsg).toBe(0);
    expect(await tokens(again)).toEqual([
      `${DEPT}@0.0`,
      `${DEPT}@0.1`,
      `${DEPT}@1.0`,
      `${DEPT}@1.1`,
      OUTER,
      `${INNER}@0`,
      `${INNER}@1`,
    ]);
    expect(await openTasks(again)).toEqual([`${DEPT}:tl-lead`, `${DEPT}:tl-r1`, `${DEPT}:tl-r1`, `${DEPT}:tl-r2`]);
    await runToEnd(PARALLEL, again);
    expect(await instanceOf(iv.server.db, again)).toMatchObject({ status: 'completed' });
    const history = await historyOf(iv.server.db, again);
    // Moved past the regions before they completed, the sub-process completes once, after the second entry.
    expect(history.filter((h) => h.endsWith(` ${OUTER}`))).toEqual([`auto ${OUTER}`]);
    expect(history.filter((h) => h.endsWith(` ${INNER}`))).toEqual([`auto ${INNER}`, `auto ${INNER}`]);
    expect(history.filter((h) => h === `submit ${SIGN_OFF}`)).toHaveLength(2);
  }, 180_000);

  it('departments in turn: the running one moves, entered anew only its first is placed; refusals name the level', async () => {
    const id = await iv.engine.start(IN_TURN, 'tl-init', { formData: { regions } });
    expect(await tokens(id)).toEqual([`${DEPT}@0.0`, `${DEPT}@1.0`, OUTER, `${INNER}@0`, `${INNER}@1`]);
    // A department not running in a region, in the caller's language.
    const notRunning = await move(id, [
      { nodeid: DEPT, userids: iv.world.users.clerk, inner: [{ outer: 0, instances: [1] }] },
    ]);
    expect(notRunning.reply.errmsg).toBe(
      '"Department approves": in instance 1 of "Region review", "Department approval" has no running instance 2 (running: 1). Nothing was changed.',
    );
    const zh = await iv.server.signedIn(ADMIN.username, ADMIN.password, 'zh');
    const outerNotEntered = await move(
      id,
      [{ nodeid: DEPT, userids: iv.world.users.clerk, instances: [1], inner: [{ outer: 0, instances: [0] }] }],
      zh,
    );
    expect(outerNotEntered.reply.errmsg).toBe(
      '“Department approves”：只能在其进入的“Region review”实例（2）中选择内层实例，不能在实例 1 中选择，未做任何更改。',
    );
    const cn = await iv.server.signedIn(ADMIN.username, ADMIN.password, 'cn');
    const notNested = await move(
      id,
      [{ nodeid: SIGN_OFF, userids: iv.world.users.clerk, inner: [{ outer: 0, instances: [0] }] }],
      cn,
    );
    expect(notNested.reply.errmsg).toBe(
      '「Region signs off」不在巢狀於另一個多實例子流程中的多實例子流程內，沒有可選擇的內層實例。',
    );
    expect(await tokens(id)).toEqual([`${DEPT}@0.0`, `${DEPT}@1.0`, OUTER, `${INNER}@0`, `${INNER}@1`]);
    expect(await openTasks(id)).toEqual([`${DEPT}:tl-lead`, `${DEPT}:tl-r1`]);

    // Region 2 past its departments, then sent back: entered anew in turn, only its first is placed.
    await submit(IN_TURN, id, 'tl-lead');
    await submit(IN_TURN, id, 'tl-r1'); // region 1's first (older) task
    await submit(IN_TURN, id, 'tl-r1'); // region 2's second
    expect(await tokens(id)).toEqual([`${DEPT}@0.1`, OUTER, `${INNER}@0`, `${SIGN_OFF}@1`]);
    const offer = await offered(id);
    expect(offer.inner?.[1]).toMatchObject({ outer: 1, anew: true, sequential: true });
    const later = await move(id, [
      { nodeid: DEPT, userids: iv.world.users.clerk, instances: [1], inner: [{ outer: 1, instances: [1] }] },
    ]);
    expect(later.reply.errmsg).toBe(
      '"Department approves": in instance 2 of "Region review", "Department approval" is entered anew and runs its instances one after another: only its first starts now, at the chosen nodes; instance 2 starts later, in turn, at its start. Nothing was changed.',
    );
    const beyond = await move(id, [
      { nodeid: DEPT, userids: iv.world.users.clerk, instances: [1], inner: [{ outer: 1, instances: [2] }] },
    ]);
    expect(beyond.reply.errmsg).toBe(
      '"Department approves": in instance 2 of "Region review", "Department approval" is entered anew and its collection gives 2 instances now: there is no instance 3. Nothing was changed.',
    );
    expect(await tokens(id)).toEqual([`${DEPT}@0.1`, OUTER, `${INNER}@0`, `${SIGN_OFF}@1`]);
    const first = await move(id, [
      { nodeid: DEPT, userids: iv.world.users.clerk, instances: [1], inner: [{ outer: 1, instances: [0] }] },
    ]);
    expect(first.reply.errcode, first.reply.errmsg).toBe(0);
    expect(await tokens(id)).toEqual([`${DEPT}@0.1`, `${DEPT}@1.0`, OUTER, `${INNER}@0`, `${INNER}@1`]);
    expect(await openTasks(id)).toEqual([`${DEPT}:tl-clerk`, `${DEPT}:tl-r2`]);
    await submit(IN_TURN, id, 'tl-clerk');
    // Region 2's second department follows at its start, by the rule.
    expect(await tokens(id)).toEqual([`${DEPT}@0.1`, `${DEPT}@1.1`, OUTER, `${INNER}@0`, `${INNER}@1`]);
    expect(await openTasks(id)).toEqual([`${DEPT}:tl-r1`, `${DEPT}:tl-r2`]);
    await runToEnd(IN_TURN, id);
    expect(await instanceOf(iv.server.db, id)).toMatchObject({ status: 'completed' });
    const history = await historyOf(iv.server.db, id);
    expect(history.filter((h) => h === 'intervene')).toHaveLength(1);
    expect(history.filter((h) => h.endsWith(` ${INNER}`))).toEqual([`auto ${INNER}`, `auto ${INNER}`, `auto ${INNER}`]);
  }, 180_000);

  it("another enterprise's administrator is refused, nothing changed", async () => {
    const id = await iv.engine.start(PARALLEL, 'tl-init', { formData: { regions } });
    const globex = await iv.server.signedIn(GLOBEX.username, GLOBEX.password, 'en');
    const peek = await globex.call('GET', '/authtime/domain/workflow/intervention/othernodes', { query: { id } });
    expect(peek.reply.errcode).toBe(1404);
    const moved = await move(
      id,
      [{ nodeid: DEPT, userids: iv.world.users.clerk, instances: [0], inner: [{ outer: 0, instances: [1] }] }],
      globex,
    );
    expect(moved.reply.errcode).toBe(1404);
    expect(await openTasks(id)).toEqual([`${DEPT}:tl-lead`, `${DEPT}:tl-r1`, `${DEPT}:tl-r1`, `${DEPT}:tl-r2`]);
    expect((await historyOf(iv.server.db, id)).filter((h) => h === 'intervene')).toEqual([]);
  }, 120_000);
});
