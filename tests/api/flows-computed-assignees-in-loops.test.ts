// A computed-assignee approval inside a multi-instance sub-process, as the read-only views show it
// (docs/adr/0240-intervention-approvers-by-instance-and-open-nodes-shown.md), on both databases: each
// inner instance's user evaluated over the variables where the sub-process's instance stands (its
// element, its locals), as the engine names them, not over the process's variables (where there is no
// `team`). Another tenant's administrator and runtime are refused.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readProcess } from '../../src/core/workflow/process-definition.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { corpusRun, redrawn } from './helpers/corpus-run.ts';
import { databaseTargets } from './helpers/databases.ts';
import { makeEngineWorld, runtimeAccess } from './helpers/engine-world.ts';
import { runtimeOf, type Runtime } from './helpers/runtime-calls.ts';
import { signedInCallers } from './helpers/test-server.ts';

const targets = await databaseTargets();
const TEAMS = 'Process_0tm7rev';
const CHECKED = 'Process_0tm7chk';
const REVIEW = 'Activity_0tmrev';
const SIGN_OFF = 'Activity_0tmsgn';

interface Shown {
  loginno: string;
  index?: number;
}
const shown = (approvers: Shown[]) => approvers.map(({ loginno, index }) => ({ loginno, index }));

describe.each(targets)('computed assignees inside a multi-instance sub-process, on $name', (target) => {
  const run = corpusRun(target, 'cl', async () => {
    const file = 'c7-team-reviews.bpmn';
    const xml = readFileSync(join(import.meta.dirname, '../fixtures/multi-instance-objects', file), 'utf8');
    const read = await readProcess(xml, TEAMS);
    expect(read.problems).toEqual([]);
    const teamReviews = { file, processId: TEAMS, xml, read };
    // The same with "Check paper" before the sub-process: while it waits, no team's instance runs.
    const checked = await redrawn(
      teamReviews,
      { file: 'c7-team-reviews-checked.bpmn', processId: CHECKED, name: 'Checked team reviews' },
      [
        [
          '<bpmn:outgoing>Flow_0tm1</bpmn:outgoing>\n    </bpmn:startEvent>',
          `<bpmn:outgoing>Flow_0tm0</bpmn:outgoing>
    </bpmn:startEvent>
    <bpmn:userTask id="Activity_0tmchk" name="Check paper" camunda:candidateGroups="legal">
      <bpmn:incoming>Flow_0tm0</bpmn:incoming>
      <bpmn:outgoing>Flow_0tm1</bpmn:outgoing>
    </bpmn:userTask>`,
        ],
        [
          '<bpmn:sequenceFlow id="Flow_0tm1" sourceRef="StartEvent_1"',
          `<bpmn:sequenceFlow id="Flow_0tm0" sourceRef="StartEvent_1" targetRef="Activity_0tmchk" />
    <bpmn:sequenceFlow id="Flow_0tm1" sourceRef="Activity_0tmchk"`,
        ],
      ],
    );
    return [teamReviews, checked];
  });
  let acme: ApiClient;
  let globex: ApiClient;
  let otherRuntime: Runtime;
  beforeAll(async () => {
    ({ acme, globex } = await signedInCallers(run.server()));
    const other = await makeEngineWorld(run.db(), 'Globex', 'cm');
    otherRuntime = runtimeOf(run.server(), other, await runtimeAccess(run.db(), other));
  }, 300_000);
  const teams = [
    { signer: 'cl-lead', reviewers: [{ login: 'cl-r1' }, { login: 'cl-lead' }] },
    { signer: 'cl-r2', reviewers: [{ login: 'cl-r2' }] },
  ];
  const defaults = async (caller: ApiClient, id: string, instance?: number, nodeid = REVIEW) =>
    (
      await caller.call<Shown[]>('GET', '/authtime/domain/workflow/intervention/approvers', {
        query: { id, nodeid, ...(instance === undefined ? {} : { instance: String(instance) }) },
      })
    ).reply;

  /** Each team instance's defaults: the second team's reviewer, the first's reviewer and lead, by inner index. */
  const expectTeamDefaults = async (id: string) => {
    const second = await defaults(acme, id, 1);
    expect(second.errcode, second.errmsg).toBe(0);
    expect(shown(second.data)).toEqual([{ loginno: 'cl-r2', index: 0 }]);
    expect(shown((await defaults(acme, id, 0)).data)).toEqual([
      { loginno: 'cl-r1', index: 0 },
      { loginno: 'cl-lead', index: 1 },
    ]);
  };

  it('gives an intervention the users of the sub-process instance chosen, each with its inner index', async () => {
    const id = await run.start(TEAMS, { teams });
    await expectTeamDefaults(id);
    // Without one, the first running instance's; an instance not running is refused.
    expect(shown((await defaults(acme, id)).data)).toEqual(shown((await defaults(acme, id, 0)).data));
    const none = await defaults(acme, id, 5);
    expect(none.errmsg).toBe(
      '"Team review": "Each team" has no running instance 6 (running: 1, 2). Nothing was changed.',
    );
    expect((await defaults(globex, id, 1)).errcode).not.toBe(0);
  }, 120_000);

  it('gives those of a team instance the intervention would start, its input evaluated in its frame', async () => {
    // docs/adr/0256-intervention-defaults-for-instances-entered-anew.md: `members` = `${team.reviewers}`.
    const id = await run.start(CHECKED, { teams });
    expect(await run.openTasks(id)).toEqual(['Activity_0tmchk:cl-clerk']);
    await expectTeamDefaults(id);
    expect(shown((await defaults(acme, id, undefined, SIGN_OFF)).data)).toEqual([{ loginno: 'cl-lead' }]);
    expect((await defaults(acme, id, 2)).errmsg).toBe(
      '"Team review": "Each team" is entered anew and its collection gives 2 instances now: there is no instance 3. Nothing was changed.',
    );
    expect((await defaults(globex, id, 1)).errcode).toBe(1404);
    // The intervention entering the second team anew without approvers names the same user there.
    const moved = await acme.call('POST', '/authtime/domain/workflow/intervention/doflow', {
      query: { id },
      body: { submitTo: [{ nodeid: REVIEW, instances: [1] }], comment: 'second team again' },
    });
    expect(moved.reply.errcode, moved.reply.errmsg).toBe(0);
    expect(await run.openTasks(id)).toEqual([`${REVIEW}:cl-lead`, `${REVIEW}:cl-r1`, `${REVIEW}:cl-r2`]);
  }, 120_000);

  it('lists the earlier approval’s users of the caller’s own sub-process instance', async () => {
    const id = await run.start(TEAMS, { teams });
    expect(await run.submit(TEAMS, id, 'cl-r2')).toBe('running');
    const back = await run.runtime().call<Array<{ nodeId: string; approvers: Shown[] }>>('query/back', {
      flowId: TEAMS,
      instanceId: id,
      userCode: 'cl-r2',
    });
    expect(back.reply.errcode, back.reply.errmsg).toBe(0);
    expect(back.reply.data.map((n) => ({ nodeId: n.nodeId, approvers: shown(n.approvers) }))).toEqual([
      { nodeId: REVIEW, approvers: [{ loginno: 'cl-r2', index: 0 }] },
    ]);
    const other = await otherRuntime.call('query/back', { flowId: TEAMS, instanceId: id, userCode: 'cm-r2' });
    expect(other.reply.errcode).not.toBe(0);
  }, 120_000);
});
