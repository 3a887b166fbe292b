// Interventions two multi-instance levels deep through a mapped sub-process drawn between the levels
// (docs/adr/0254-interventions-keep-mapped-sub-processes-between-levels.md), on both databases.
// c7-regional-budget-approval redrawn: in each region (`departments`), "Department round" (input `chair` =
// the region's first department) holds "Department approval" (side by side, `${approver}`) and "Region
// signs off", assigned to `${chair}`. A department's submission setting `chair` sets the round's local.
import { describe, expect, it } from 'vitest';
import { readCorpus } from '../unit/core/workflow/bpmn-corpus.ts';
import { redrawn } from './helpers/corpus-run.ts';
import { databaseTargets } from './helpers/databases.ts';
import { historyOf, instanceOf, loopTokens } from './helpers/instance-readers.ts';
import { interventionWorld } from './helpers/intervention-world.ts';
import { ADMIN, GLOBEX } from './helpers/test-server.ts';
import type { ApiClient } from './helpers/api-client.ts';

const targets = await databaseTargets();
const OUTER = 'Activity_0r7g2kw';
const ROUND = 'Activity_0x3k2rd';
const INNER = 'Activity_1k4d9px';
const DEPT = 'Activity_0f3j8tl';
const SIGN_OFF = 'Activity_1m2s6yc';
const APPROVE = 'Activity_0b9c4hd';
const drawn = (await readCorpus()).find((c) => c.file === 'c7-regional-budget-approval.bpmn')!;
const rounds = await redrawn(
  drawn,
  { file: 'c7-department-rounds.bpmn', processId: 'Process_0d7r3nc', name: 'Department rounds' },
  [
    [' isSequential="true" camunda:collection="${departments}"', ' camunda:collection="${departments}"'],
    [
      `<bpmn:subProcess id="${INNER}" name="Department approval">\n        <bpmn:incoming>Flow_0d5k8ru</bpmn:incoming>`,
      `<bpmn:subProcess id="${ROUND}" name="Department round">
        <bpmn:extensionElements>
          <camunda:inputOutput>
            <camunda:inputParameter name="chair">\${departments[0]}</camunda:inputParameter>
          </camunda:inputOutput>
        </bpmn:extensionElements>
        <bpmn:incoming>Flow_0d5k8ru</bpmn:incoming>
        <bpmn:outgoing>Flow_0w2r7dc</bpmn:outgoing>
        <bpmn:startEvent id="Event_0r5d1kc" name="Round opened">
          <bpmn:outgoing>Flow_1r3d6kp</bpmn:outgoing>
        </bpmn:startEvent>
        <bpmn:sequenceFlow id="Flow_1r3d6kp" sourceRef="Event_0r5d1kc" targetRef="${INNER}" />
      <bpmn:subProcess id="${INNER}" name="Department approval">
        <bpmn:incoming>Flow_1r3d6kp</bpmn:incoming>`,
    ],
    [`<bpmn:sequenceFlow id="Flow_0d5k8ru" sourceRef="Event_0s1r4ga" targetRef="${INNER}" />`, ''],
    ['name="Region signs off" camunda:candidateGroups="legal"', 'name="Region signs off" camunda:assignee="${chair}"'],
    [
      `<bpmn:sequenceFlow id="Flow_0v9r4pl" sourceRef="${SIGN_OFF}" targetRef="Event_0p7x3ke" />`,
      `<bpmn:sequenceFlow id="Flow_0v9r4pl" sourceRef="${SIGN_OFF}" targetRef="Event_0p7x3ke" />
      </bpmn:subProcess>
      <bpmn:sequenceFlow id="Flow_0d5k8ru" sourceRef="Event_0s1r4ga" targetRef="${ROUND}" />
      <bpmn:endEvent id="Event_1q4w8ne" name="Region done">
        <bpmn:incoming>Flow_0w2r7dc</bpmn:incoming>
      </bpmn:endEvent>
      <bpmn:sequenceFlow id="Flow_0w2r7dc" sourceRef="${ROUND}" targetRef="Event_1q4w8ne" />`,
    ],
  ],
);
const FLOW = rounds.processId;

describe.each(targets)(
  'interventions two levels deep through a mapped sub-process between them, on $name',
  (target) => {
    const iv = interventionWorld(target, {
      prefix: 'tm',
      files: [rounds],
      groups: ['legal'],
      comment: 'back to a department',
    });
    const { openTasks, move } = iv;
    const submit = (id: string, who: string, formData: Record<string, unknown> = {}) =>
      iv.engine.submit(FLOW, id, who, { formData });
    /** The round's scope tokens: per region, its id and locals. */
    const roundScopes = async (id: string) =>
      (
        await iv.server.db
          .selectFrom('flow_tokens')
          .select(['id', 'loop_index', 'locals'])
          .where('instance_id', '=', id)
          .where('node_id', '=', ROUND)
          .orderBy('loop_index')
          .execute()
      ).map((t) => ({ id: t.id, region: t.loop_index, locals: t.locals }));
    async function runToEnd(id: string): Promise<void> {
      for (let left = await openTasks(id); left.length > 0; left = await openTasks(id))
        await submit(id, left[0].split(':')[1]);
    }
    /** The defaults the dialog reads for `nodeid`, as `caller` (the administrator unless given). */
    const defaults = async (
      id: string,
      nodeid: string,
      at: { outer?: number; instance?: number },
      caller?: ApiClient,
    ) =>
      (
        await (caller ?? iv.admin).call<Array<{ loginno: string }>>(
          'GET',
          '/authtime/domain/workflow/intervention/approvers',
          { query: { id, nodeid, ...Object.fromEntries(Object.entries(at).map(([k, v]) => [k, String(v)])) } },
        )
      ).reply;
    /** The logins of the defaults of `nodeid` in the instances `at` names, in the instance `id`. */
    const loginsOf = (id: string) => async (nodeid: string, at: { outer?: number; instance?: number }) => {
      const reply = await defaults(id, nodeid, at);
      expect(reply.errcode, reply.errmsg).toBe(0);
      return reply.data!.map((u) => u.loginno);
    };
    const regions = [
      ['tm-r1', 'tm-r2'],
      ['tm-lead', 'tm-r1'],
    ];

    it('a department moved in a region whose departments stay keeps the round around them, its locals as set', async () => {
      const id = await iv.engine.start(FLOW, 'tm-init', { formData: { regions } });
      const entered = await roundScopes(id);
      expect(entered.map((s) => [s.region, s.locals])).toEqual([
        [0, { chair: 'tm-r1' }],
        [1, { chair: 'tm-lead' }],
      ]);
      // Region 1's first department names another chair: the round holds `chair`, so its local changes,
      // and its input would now give another value than the one it holds.
      await submit(id, 'tm-r1', { chair: 'tm-r2' });
      expect((await roundScopes(id)).map((s) => s.locals)).toEqual([{ chair: 'tm-r2' }, { chair: 'tm-lead' }]);
      const moved = await move(id, [
        { nodeid: DEPT, userids: iv.world.users.clerk, instances: [0], inner: [{ outer: 0, instances: [1] }] },
      ]);
      expect(moved.reply.errcode, moved.reply.errmsg).toBe(0);
      // The round of region 1 kept its token and its local; region 2's untouched.
      expect(await roundScopes(id)).toEqual([
        { id: entered[0].id, region: 0, locals: { chair: 'tm-r2' } },
        { id: entered[1].id, region: 1, locals: { chair: 'tm-lead' } },
      ]);
      expect(await loopTokens(iv.server.db, id)).toEqual([
        `${DEPT}@0.1`,
        `${DEPT}@1.0`,
        `${DEPT}@1.1`,
        OUTER,
        `${ROUND}@0`,
        `${ROUND}@1`,
        `${INNER}@0`,
        `${INNER}@1`,
      ]);
      expect(await openTasks(id)).toEqual([`${DEPT}:tm-clerk`, `${DEPT}:tm-lead`, `${DEPT}:tm-r1`]);
      // Region 1's departments done: its sign-off goes to the chair the round holds, not its input again.
      await submit(id, 'tm-clerk');
      expect(await openTasks(id)).toEqual([`${DEPT}:tm-lead`, `${DEPT}:tm-r1`, `${SIGN_OFF}:tm-r2`]);
      await runToEnd(id);
      expect(await instanceOf(iv.server.db, id)).toMatchObject({ status: 'completed' });
      const history = await historyOf(iv.server.db, id);
      expect(history.filter((h) => h === `submit ${DEPT}`)).toHaveLength(4);
      expect(history.filter((h) => h.startsWith(`submit ${SIGN_OFF}`))).toHaveLength(2);
      expect(history.filter((h) => h.endsWith(` ${INNER}`))).toEqual([`auto ${INNER}`, `auto ${INNER}`]);
      expect(history.filter((h) => h.endsWith(` ${ROUND}`))).toEqual([`auto ${ROUND}`, `auto ${ROUND}`]);
      expect(history.filter((h) => h.endsWith(` ${OUTER}`))).toEqual([`auto ${OUTER}`]);
      expect(history.filter((h) => h === `submit ${APPROVE}`)).toHaveLength(1);
      expect(await roundScopes(id)).toEqual([]);
    }, 180_000);

    it('a region past its departments sent back enters its round anew: nothing stays in it, its input evaluated now', async () => {
      const id = await iv.engine.start(FLOW, 'tm-init', { formData: { regions } });
      const entered = await roundScopes(id);
      await submit(id, 'tm-r1');
      await submit(id, 'tm-r2', { chair: 'tm-lead' });
      expect(await openTasks(id)).toEqual([`${DEPT}:tm-lead`, `${DEPT}:tm-r1`, `${SIGN_OFF}:tm-lead`]);
      const back = await move(id, [
        { nodeid: DEPT, userids: iv.world.users.clerk, instances: [0], inner: [{ outer: 0, instances: [0] }] },
      ]);
      expect(back.reply.errcode, back.reply.errmsg).toBe(0);
      const now = await roundScopes(id);
      expect(now.map((s) => [s.region, s.locals])).toEqual([
        [0, { chair: 'tm-r1' }],
        [1, { chair: 'tm-lead' }],
      ]);
      expect(now[0].id).not.toBe(entered[0].id);
      expect(now[1].id).toBe(entered[1].id);
      expect(await openTasks(id)).toEqual([`${DEPT}:tm-clerk`, `${DEPT}:tm-lead`, `${DEPT}:tm-r1`, `${DEPT}:tm-r2`]);
      await runToEnd(id);
      expect(await instanceOf(iv.server.db, id)).toMatchObject({ status: 'completed' });
      const history = await historyOf(iv.server.db, id);
      expect(history.filter((h) => h.endsWith(` ${ROUND}`))).toEqual([`auto ${ROUND}`, `auto ${ROUND}`]);
      expect(history.filter((h) => h.endsWith(` ${OUTER}`))).toEqual([`auto ${OUTER}`]);
    }, 180_000);
    it('the defaults two levels deep are those of the outer and inner instance named, refused for one not running', async () => {
      const id = await iv.engine.start(FLOW, 'tm-init', { formData: { regions } });
      const logins = loginsOf(id);
      // `${approver}` is the inner element: region 2's first department, region 1's second.
      expect(await logins(DEPT, { outer: 1, instance: 0 })).toEqual(['tm-lead']);
      expect(await logins(DEPT, { outer: 0, instance: 1 })).toEqual(['tm-r2']);
      expect(await logins(DEPT, { outer: 1 })).toEqual(['tm-lead']);
      expect(await logins(DEPT, {})).toEqual(['tm-r1']);
      // One level deep inside the round: `${chair}`, the round's local in the region named.
      expect(await logins(SIGN_OFF, { instance: 1 })).toEqual(['tm-lead']);
      await submit(id, 'tm-r1');
      expect(await logins(DEPT, { outer: 0 })).toEqual(['tm-r2']);
      const notRunning = await defaults(id, DEPT, { outer: 0, instance: 0 });
      expect(notRunning.errmsg).toBe(
        '"Department approves": in instance 1 of "Region review", "Department approval" has no running instance 1 (running: 2). Nothing was changed.',
      );
      const zh = await iv.server.signedIn(ADMIN.username, ADMIN.password, 'zh');
      expect((await defaults(id, DEPT, { outer: 2 }, zh)).errmsg).toBe(
        '“Department approves”：“Region review”没有正在运行的实例 3（正在运行：1, 2），未做任何更改。',
      );
      const cn = await iv.server.signedIn(ADMIN.username, ADMIN.password, 'cn');
      const notNested = await defaults(id, SIGN_OFF, { outer: 0 }, cn);
      expect(notNested.errmsg).toBe(
        '「Region signs off」不在巢狀於另一個多實例子流程中的多實例子流程內，沒有可選擇的內層實例。',
      );
      // Another enterprise's administrator is refused on a real instance.
      const globex = await iv.server.signedIn(GLOBEX.username, GLOBEX.password, 'en');
      expect((await defaults(id, DEPT, { outer: 1, instance: 0 }, globex)).errcode).toBe(1404);
    }, 120_000);

    it('the defaults in instances entered anew, in a region or with the regions, are those their frames give', async () => {
      // docs/adr/0256-intervention-defaults-for-instances-entered-anew.md
      const id = await iv.engine.start(FLOW, 'tm-init', { formData: { regions } });
      const logins = loginsOf(id);
      await submit(id, 'tm-r1');
      await submit(id, 'tm-r2');
      // Region 1 at its sign-off: its departments would be entered anew there, over its element.
      expect(await openTasks(id)).toEqual([`${DEPT}:tm-lead`, `${DEPT}:tm-r1`, `${SIGN_OFF}:tm-r1`]);
      expect(await logins(DEPT, { outer: 0, instance: 1 })).toEqual(['tm-r2']);
      expect(await logins(DEPT, { outer: 0 })).toEqual(['tm-r1']);
      const past = await defaults(id, DEPT, { outer: 0, instance: 2 });
      expect(past.errmsg).toBe(
        '"Department approves": in instance 1 of "Region review", "Department approval" is entered anew and its collection gives 2 instances now: there is no instance 3. Nothing was changed.',
      );
      // Past the regions: both levels entered anew, the round's input evaluated in the region named.
      const moved = await move(id, [{ nodeid: APPROVE, userids: iv.world.users.clerk }]);
      expect(moved.reply.errcode, moved.reply.errmsg).toBe(0);
      expect(await logins(DEPT, { outer: 1, instance: 1 })).toEqual(['tm-r1']);
      expect(await logins(DEPT, {})).toEqual(['tm-r1']);
      expect(await logins(SIGN_OFF, { instance: 1 })).toEqual(['tm-lead']);
      const noRegion = await defaults(id, DEPT, { outer: 2, instance: 0 });
      expect(noRegion.errmsg).toBe(
        '"Department approves": "Region review" is entered anew and its collection gives 2 instances now: there is no instance 3. Nothing was changed.',
      );
      const globex = await iv.server.signedIn(GLOBEX.username, GLOBEX.password, 'en');
      expect((await defaults(id, DEPT, { outer: 1, instance: 1 }, globex)).errcode).toBe(1404);
      expect(await openTasks(id)).toEqual([`${APPROVE}:tm-clerk`]);
    }, 120_000);
  },
);
