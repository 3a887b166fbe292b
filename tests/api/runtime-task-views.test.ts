// What the console's task runtime reads through the runtime REST (docs/adr/0132-task-runtime-and-bare-bpmn.md), on both
// databases: the processes to start with their form's fields, the caller's open tasks and the instances
// it started, and one instance as its approver sees it — its task, where it waits, history and diagram;
// each with the runtime's credential only (a bad token 1401, an instance of another enterprise 1404).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from './helpers/databases.ts';
import { makeEngineWorld, runtimeAccess, type EngineWorld } from './helpers/engine-world.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const targets = await databaseTargets();

type Lists = {
  todo: Array<{
    instanceId: string;
    flowId: string;
    flowName: string;
    title: string;
    nodeName: string;
    taskId: string;
  }>;
  started: Array<{ instanceId: string; title: string; status: string; waitsAt: string }>;
};
type Instance = {
  instance: { id: string; title: string; status: string; formData: Record<string, unknown>; initiator: string };
  fields: unknown[];
  myTask: { nodeId: string; nodeName: string } | null;
  current: Array<{ nodeId: string; approvers: Array<{ loginno: string }> }>;
  history: Array<{ action: string; actor: string; nodeName: string }>;
  diagram: { bpmn: string; active: string[]; done: string[] };
};

describe.each(targets)('the task runtime views on $name', (target) => {
  let server: TestServer;
  let world: EngineWorld;
  let token: string;
  let otherToken: string;

  beforeAll(async () => {
    server = await startTestServer(target);
    world = await makeEngineWorld(server.db, 'Acme', 'trv');
    token = await runtimeAccess(server.db, world);
    await server.db
      .updateTable('app_forms')
      .set({
        fields: JSON.stringify([
          { name: 'amount', type: 'money', label: { en: 'Amount', zh: '金额', cn: '金額' }, required: true },
        ]),
      })
      .where('application_id', '=', world.applicationId)
      .execute();
    otherToken = await runtimeAccess(server.db, await makeEngineWorld(server.db, 'Globex', 'trw'));
  });
  afterAll(async () => server?.close());

  const as = (userCode: string, accessToken = token) => ({ accessToken, userCode });
  const get = <T>(path: string, query: Record<string, string>) =>
    server.client('en').call<T>('GET', `/rest/bpm/query/${path}`, { query });
  const act = (path: string, query: Record<string, string>, body: object = {}) =>
    server.client('en').call<{ instanceId: string }>('POST', `/rest/bpm/runtime/${path}`, { query, body });

  it('lists the processes to start, each with its form fields and their JSON Schema', async () => {
    const { reply } = await get<Array<{ applicationId: string; flowId: string; flowName: string; fields: unknown[] }>>(
      'processes',
      as('trv-init'),
    );
    expect(reply.errcode, reply.errmsg).toBe(0);
    const linear = reply.data.find((p) => p.applicationId === world.applicationId && p.flowId === 'linear');
    expect(linear).toMatchObject({
      flowName: 'Flow linear',
      fields: [{ name: 'amount', type: 'money', label: { zh: '金额' }, required: true }],
      // The same form as JSON Schema, titled in the caller's language (English here),
      // which the console draws (docs/adr/0157-task-runtime-in-yaml.md).
      form: {
        schema: {
          type: 'object',
          properties: { amount: { type: 'number', title: 'Amount', minimum: 0, multipleOf: 0.01 } },
          required: ['amount'],
        },
        uiSchema: {},
      },
    });
  });

  it("shows a started instance in the initiator's list and as a task of its approver, then its history", async () => {
    const process = { applicationId: world.applicationId, flowId: 'linear' };
    const started = await act(
      'start',
      { ...as('trv-init'), ...process },
      { title: 'Trip 7', formData: { amount: 70 } },
    );
    expect(started.reply.errcode, started.reply.errmsg).toBe(0);
    const instanceId = started.reply.data.instanceId;

    const mine = await get<Lists>('tasks', as('trv-init'));
    expect(mine.reply.data.started[0]).toMatchObject({
      instanceId,
      title: 'Trip 7',
      status: 'running',
      waitsAt: 'Lead',
    });
    expect(mine.reply.data.todo.some((t) => t.instanceId === instanceId)).toBe(false);
    const lead = await get<Lists>('tasks', as('trv-lead'));
    expect(lead.reply.data.todo).toContainEqual(
      expect.objectContaining({ instanceId, flowName: 'Flow linear', title: 'Trip 7', nodeName: 'Lead' }),
    );

    const query = { ...as('trv-lead'), ...process, instanceId };
    const seen = await get<Instance>('instance', query);
    expect(seen.reply.errcode, seen.reply.errmsg).toBe(0);
    expect(seen.reply.data).toMatchObject({
      instance: { id: instanceId, title: 'Trip 7', status: 'running', formData: { amount: 70 } },
      myTask: { nodeId: 'lead', nodeName: 'Lead' },
      current: [{ nodeId: 'lead', approvers: [{ loginno: 'trv-lead' }] }],
      diagram: { active: ['lead'] },
    });
    expect(seen.reply.data.diagram.bpmn).toContain('bpmndi:BPMNDiagram');
    const byInitiator = await get<Instance>('instance', { ...query, userCode: 'trv-init' });
    expect(byInitiator.reply.data.myTask).toBeNull();

    expect((await act('submission', query, { comment: 'ok' })).reply.errcode).toBe(0);
    const after = await get<Instance>('instance', query);
    expect(after.reply.data.myTask).toBeNull();
    expect(after.reply.data.history.map((h) => [h.action, h.nodeName])).toEqual(
      [
        ['start', ''],
        ['submit', 'Lead'],
      ].map(([a, n]) => [a, n || expect.any(String)]),
    );
    expect((await get<Lists>('tasks', as('trv-lead'))).reply.data.todo.some((t) => t.instanceId === instanceId)).toBe(
      false,
    );
    expect((await get<Lists>('tasks', as('trv-r1'))).reply.data.todo[0]).toMatchObject({
      instanceId,
      nodeName: 'Review',
    });
  });

  it("refuses a bad token and another enterprise's instance", async () => {
    expect((await get('tasks', as('trv-init', 'no-such-token'))).reply.errcode).toBe(401);
    expect((await get('processes', as('trv-init', 'no-such-token'))).reply.errcode).toBe(401);
    const started = await act(
      'start',
      { ...as('trv-init'), applicationId: world.applicationId, flowId: 'linear' },
      { formData: { amount: 1 } },
    );
    const foreign = await get('instance', {
      ...as('trw-init', otherToken),
      applicationId: world.applicationId,
      flowId: 'linear',
      instanceId: started.reply.data.instanceId,
    });
    expect(foreign.reply.errcode).toBe(1404);
    expect((await get<Lists>('tasks', as('trw-init', otherToken))).reply.data).toEqual({ todo: [], started: [] });
  });
});
