// Flow monitoring and intervention over HTTP on both databases (spec/domain-console.md, "Workflow state screen", "States and transitions", "Validation rules"):
// the list and its search, reach (another tenant's administrator sees nothing, a department
// administrator is refused), the detail with its history, intervention's rules, its preview (which
// changes nothing) and its effect, and delete all or nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/schema.ts';
import { startInstance, submitTask } from '../../src/server/workflow/actions.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { databaseTargets } from './helpers/databases.ts';
import { makeEngineWorld, type EngineWorld } from './helpers/engine-world.ts';
import { ADMIN, signedInCallers, startTestServer, type TestServer } from './helpers/test-server.ts';
import { applicationOf } from './helpers/demo-applications.ts';

const targets = await databaseTargets();

interface Row {
  id: string;
  flowName: string;
  stateLabel: string;
  auditorNames: string;
  initiator: string;
  lastAuditor: string;
  status: string;
  summary: string;
  showTags: boolean;
  firstProcessTime: string;
}
interface Page {
  datas: Row[];
  rowCount: number;
}
interface Named {
  nodeId: string;
  nodeName: string;
  approvers: Array<{ id: string; name: string }>;
}
interface Preview {
  status: string;
  cancelled: Named[];
  tasks: Named[];
  endedBranches: number;
  waitingAtJoins: number;
}
interface Detail {
  instance: Row;
  current: Named[];
  history: Array<{ action: string; actor: string; nodeName: string; toNodes: string[]; comment: string }>;
  diagram: { bpmn: string; active: string[]; done: string[]; interrupted: string[]; names: Record<string, string> };
}

describe.each(targets)('flow monitoring on $name', (target) => {
  let server: TestServer;
  let db: Db;
  let world: EngineWorld;
  let admin: ApiClient;
  let acme: ApiClient;
  let globex: ApiClient;
  let sales: ApiClient;

  const start = async (processId: string, summary = '') =>
    (
      await startInstance(db, {
        domainId: world.domainId,
        applicationId: world.applicationId,
        processId,
        initiatorId: world.users.initiator,
        summary,
      })
    ).instanceId;
  const list = (client: ApiClient, body: Record<string, unknown> = {}, query: Record<string, number> = {}) =>
    client.call<Page>('POST', `/authtime/domain/${world.domainId}/workflow/flowstaterts`, {
      body: { application: world.applicationId, ...body },
      query,
    });
  const detail = async (id: string) =>
    (await admin.call<Detail>('GET', '/authtime/domain/workflow/flowstatert', { query: { id } })).reply;
  const doflow = (
    client: ApiClient,
    id: string,
    submitTo: unknown[],
    extra: Record<string, string> = {},
    comment = 'stuck for a week',
  ) =>
    client.call<Preview>('POST', '/authtime/domain/workflow/intervention/doflow', {
      query: { id, ...extra },
      body: { submitTo, comment },
    });
  const preview = (id: string, submitTo: unknown[]) =>
    admin.call<Preview>('POST', '/authtime/domain/workflow/intervention/preview', {
      query: { id },
      body: { submitTo, comment: 'checking' },
    });
  const openTasks = async (id: string) =>
    (
      await db
        .selectFrom('flow_tasks')
        .select(['node_id', 'assignee_id'])
        .where('instance_id', '=', id)
        .where('status', '=', 'open')
        .orderBy('node_id')
        .orderBy('assignee_id')
        .execute()
    ).map((t) => `${t.node_id}:${t.assignee_id}`);
  const label = (key: string) => server.catalogue.labels.en[key];
  /** An instance of the office package's leave approval, which names its nodes in three languages
   *  (packages/office/app.yaml), waiting at the manager's approval; started by the first Acme user with a manager. */
  const startLeave = async (summary: string) => {
    const office = { id: await applicationOf(db) };
    const acmeUsers = await db
      .selectFrom('users as u')
      .innerJoin('domains as d', 'd.id', 'u.domain_id')
      .select(['u.id', 'u.domain_id'])
      .where('d.name', '=', 'Acme')
      .where('u.status', '=', 1)
      .orderBy('u.loginno')
      .limit(50)
      .execute();
    for (const user of acmeUsers) {
      const started = await startInstance(db, {
        domainId: user.domain_id,
        applicationId: office.id,
        processId: 'leave-approval',
        initiatorId: user.id,
        summary,
        formData: { days: 5 },
      }).catch(() => null); // a user without a manager cannot start it
      if (started) return { id: started.instanceId, applicationId: office.id, domainId: user.domain_id };
    }
    throw new Error('no Acme user can start a leave approval');
  };

  beforeAll(async () => {
    server = await startTestServer(target);
    db = server.db;
    world = await makeEngineWorld(db, 'Acme', 'mon');
    ({ admin, acme, globex, sales } = await signedInCallers(server));
  });
  afterAll(() => server?.close());

  it('lists the enterprise’s instances with where they wait and who approves, and searches them', async () => {
    const waiting = await start('linear', 'Laptop for the new hire');
    const tagged = await start('linear', JSON.stringify({ summaryText: '<b>Urgent</b> travel', showTags: true }));
    await submitTask(db, { instanceId: tagged, userId: world.users.lead });
    const { reply } = await list(acme);
    expect(reply.errcode).toBe(0);
    const byId = new Map(reply.data!.datas.map((r) => [r.id, r]));
    expect(byId.get(waiting)).toMatchObject({
      flowName: 'Flow linear',
      stateLabel: 'Lead',
      auditorNames: 'Engine mon lead',
      initiator: 'Engine mon initiator',
      status: 'running',
      summary: 'Laptop for the new hire',
      showTags: false,
    });
    expect(byId.get(tagged)).toMatchObject({
      stateLabel: 'Review',
      auditorNames: 'Engine mon r1, Engine mon r2',
      lastAuditor: 'Engine mon lead',
      summary: '<b>Urgent</b> travel',
      showTags: true,
    });
    expect(byId.get(waiting)!.firstProcessTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // Searches: the current node, the last auditor, the summary; a day alone covers the whole day.
    const ids = async (body: Record<string, unknown>) => (await list(acme, body)).reply.data!.datas.map((r) => r.id);
    expect(await ids({ _stateLabel: 'revi' })).toEqual([tagged]);
    expect(await ids({ _lastAuditor: 'mon lead' })).toEqual([tagged]);
    expect(await ids({ _summary: 'new HIRE' })).toEqual([waiting]);
    const today = byId.get(waiting)!.firstProcessTime.slice(0, 10);
    expect((await ids({ _firstProcessTimeFrom: today, _firstProcessTimeTo: today })).sort()).toEqual(
      [waiting, tagged].sort(),
    );
    expect(await ids({ _firstProcessTimeTo: '2000-01-01' })).toEqual([]);
    // The initiator's and the flow's names as the rows show them (docs/adr/0070-flow-list-million-instances.md resolves them first); the total
    // counts what the search keeps.
    expect((await ids({ _initiator: 'MON initiator' })).sort()).toEqual([waiting, tagged].sort());
    expect(await ids({ _initiator: 'mon lead' })).toEqual([]);
    expect(await ids({ _initiator: '%' })).toEqual([]);
    expect((await ids({ _flowName: 'flow LIN', _lastAuditor: 'mon lead' })).sort()).toEqual([tagged]);
    expect(await ids({ _flowName: 'no such flow' })).toEqual([]);
    expect((await list(acme, { _stateLabel: 'revi' })).reply.data!.rowCount).toBe(1);
    expect((await list(acme, { _initiator: 'mon initiator' }, { currpage: 2, pagelines: 10 })).reply.data).toEqual({
      datas: [],
      rowCount: 2,
    });
    // Paging: one row a page still counts them all.
    const paged = (await list(acme, {}, { currpage: 2, pagelines: 10 })).reply.data!;
    expect(paged.rowCount).toBeGreaterThanOrEqual(2);
  });

  it('is the enterprise’s governors’ alone', async () => {
    const id = await start('linear');
    expect((await list(globex)).reply.errcode).toBe(1404);
    expect((await globex.call('GET', '/authtime/domain/workflow/flowstatert', { query: { id } })).reply.errcode).toBe(
      1404,
    );
    expect((await doflow(globex, id, [{ nodeid: 'e' }])).reply.errcode).toBe(1404);
    const refused = await list(sales);
    expect(refused.reply.errcode).toBe(1403);
    expect(await openTasks(id)).toEqual([`lead:${world.users.lead}`]);
  });

  it('opens an instance with the nodes it waits at and its history', async () => {
    const id = await start('linear');
    await submitTask(db, { instanceId: id, userId: world.users.lead, comment: 'fine by me' });
    const { data } = await detail(id);
    expect(data!.current).toMatchObject([{ nodeId: 'review', nodeName: 'Review' }]);
    expect(data!.current[0].approvers.map((a) => a.name).sort()).toEqual(['Engine mon r1', 'Engine mon r2']);
    expect(data!.history.map((h) => [h.action, h.actor, h.nodeName, h.toNodes])).toEqual([
      ['start', 'Engine mon initiator', 's', ['Lead']],
      ['submit', 'Engine mon lead', 'Lead', ['Review']],
    ]);
    expect(data!.history[1].comment).toBe('fine by me');
  });

  it("names the nodes in the reader's language as the package gives them, the BPMN name otherwise", async () => {
    const { id } = await startLeave('node names');
    const zh = await server.signedIn(ADMIN.username, ADMIN.password, 'zh');
    const read = async (client: ApiClient) =>
      (await client.call<Detail>('GET', '/authtime/domain/workflow/flowstatert', { query: { id } })).reply.data!;
    const [inZh, inEn] = [await read(zh), await read(admin)];
    expect(inZh.current.map((c) => c.nodeName)).toEqual(['经理审批']);
    expect(inEn.current.map((c) => c.nodeName)).toEqual(['Manager approval']);
    expect(inZh.history[0].nodeName).toBe('提交申请');
    expect(inZh.diagram.names).toMatchObject({ manager: '经理审批', hr: '人事审批', end: '已批准' });
    const others = async (client: ApiClient) =>
      (
        await client.call<Array<{ id: string; statelabel: string }>>(
          'GET',
          '/authtime/domain/workflow/intervention/othernodes',
          { query: { id } },
        )
      ).reply.data!.map((n) => `${n.id}:${n.statelabel}`);
    expect(await others(zh)).toContain('hr:人事审批');
    expect(await others(admin)).toContain('hr:HR approval');
    // A process whose package names no node keeps the BPMN names (the engine world's).
    const plain = await start('linear');
    expect((await detail(plain)).data!.diagram.names).toEqual({});
  });

  it("shows and searches the list's current nodes by the names the package gives in the reader's language", async () => {
    const { id, applicationId, domainId } = await startLeave('list node names');
    const zh = await server.signedIn(ADMIN.username, ADMIN.password, 'zh');
    const found = async (client: ApiClient, stateLabel?: string) => {
      const { reply } = await client.call<Page>('POST', `/authtime/domain/${domainId}/workflow/flowstaterts`, {
        body: { application: applicationId, _summary: 'list node names', _stateLabel: stateLabel },
        query: { pagelines: 100 },
      });
      expect(reply.errcode, reply.errmsg).toBe(0);
      return reply.data!.datas.filter((row) => row.id === id).map((row) => row.stateLabel);
    };
    expect(await found(zh)).toEqual(['经理审批']);
    expect(await found(admin)).toEqual(['Manager approval']);
    // Found by the name the reader reads, and by the BPMN name; not by a node it does not wait at.
    expect(await found(zh, '经理')).toEqual(['经理审批']);
    expect(await found(zh, 'manager appr')).toEqual(['经理审批']);
    expect(await found(admin, 'Manager')).toEqual(['Manager approval']);
    expect(await found(zh, '人事')).toEqual([]);
    expect(await found(admin, '经理')).toEqual([]);
    // The detail's row reads the same.
    const detailIn = async (client: ApiClient) =>
      (await client.call<Detail>('GET', '/authtime/domain/workflow/flowstatert', { query: { id } })).reply.data!;
    expect((await detailIn(zh)).instance.stateLabel).toBe('经理审批');
  });

  it('answers the process to draw: laid out when its file has no diagram, with the nodes waited at and passed (gateways too)', async () => {
    const id = await start('parallel');
    await submitTask(db, { instanceId: id, userId: world.users.clerk });
    const { data } = await detail(id);
    // The world's files have no diagram interchange: the server lays them out, every node a shape.
    const shapes = [...data!.diagram.bpmn.matchAll(/<bpmndi:BPMNShape id="[^"]+" bpmnElement="([^"]+)"/g)]
      .map((m) => m[1])
      .sort();
    expect(shapes).toEqual(['clerk', 'e', 'join', 'lead', 'log', 's', 'split']);
    expect(data!.diagram.active).toEqual(['lead']);
    // The split is behind it; the join, where the clerk's branch waits for the lead's, is not.
    expect(data!.diagram.done).toEqual(['clerk', 'log', 's', 'split']);
    expect(data!.diagram.interrupted).toEqual([]); // no sub-process left by an interrupting event (docs/adr/0185-nested-countersigns-and-interrupted-sub-processes.md)
    // Another tenant's administrator gets neither the instance nor its process.
    const refused = (await globex.call<Detail>('GET', '/authtime/domain/workflow/flowstatert', { query: { id } }))
      .reply;
    expect(refused.errcode).toBe(1404);
    expect(refused.data ?? null).toBeNull();
  });

  it('offers the nodes an instance can move to, with their default approvers', async () => {
    const id = await start('parallel');
    const nodes = (
      await admin.call<Array<{ id: string; type: string }>>(
        'GET',
        '/authtime/domain/workflow/intervention/othernodes',
        { query: { id } },
      )
    ).reply.data!;
    expect(nodes.map((n) => `${n.id}:${n.type}`)).toEqual([
      'clerk:ManualNode',
      'log:AutoNode',
      'lead:ManualNode',
      'e:CompleteNode',
    ]);
    const approvers = (
      await admin.call<Array<{ id: string; username: string }>>(
        'GET',
        '/authtime/domain/workflow/intervention/approvers',
        { query: { id, nodeid: 'lead' } },
      )
    ).reply.data!;
    expect(approvers).toMatchObject([{ id: world.users.lead, username: 'Engine mon lead' }]);
    expect(
      (await admin.call('GET', '/authtime/domain/workflow/intervention/approvers', { query: { id, nodeid: 'e' } }))
        .reply.data,
    ).toEqual([]);
  });

  it('refuses an intervention against the rules, with the spec’s messages, and changes nothing', async () => {
    const id = await start('linear');
    const before = await openTasks(id);
    const refusal = async (submitTo: unknown[], extra?: Record<string, string>) =>
      (await doflow(admin, id, submitTo, extra)).reply;
    expect((await refusal([])).errmsg).toContain(label('flow.msg.noIntervention'));
    expect((await refusal([{ nodeid: 'review', userids: '' }])).errmsg).toContain(label('flow.msg.handlerEmpty'));
    expect((await refusal([{ nodeid: 'review', userids: world.users.r1 }, { nodeid: 'e' }])).errmsg).toContain(
      label('flow.msg.endNodeAlone'),
    );
    expect((await refusal([{ nodeid: 'nowhere', userids: world.users.r1 }])).errcode).toBe(1001);
    const stranger = (
      await db.selectFrom('users').select('id').where('domain_id', '!=', world.domainId).executeTakeFirstOrThrow()
    ).id;
    expect((await refusal([{ nodeid: 'review', userids: stranger }])).errmsg).toContain(label('flow.msg.badApprovers'));
    expect((await refusal([{ nodeid: 'review', userids: world.users.r1 }], { nextnodeids: 'lead' })).errmsg).toContain(
      label('flow.msg.nodeIdsDiffer'),
    );
    const noReason = await admin.call('POST', '/authtime/domain/workflow/intervention/doflow', {
      query: { id },
      body: { submitTo: [{ nodeid: 'e' }], comment: '' },
    });
    expect(noReason.reply.errcode).toBe(1001);
    expect(await openTasks(id)).toEqual(before);
  });

  it('previews an intervention without doing it, then does it and records who and why', async () => {
    const id = await start('parallel');
    // r1 named twice holds one task: the approval is a single one, not a countersign.
    const submitTo = [
      { nodeid: 'lead', isToPerson: true, userids: `${world.users.r1};${world.users.r2};${world.users.r1}` },
    ];
    const seen = (await preview(id, submitTo)).reply.data!;
    expect(seen.status).toBe('running');
    expect(seen.endedBranches).toBe(2);
    expect(seen.cancelled.map((c) => c.nodeId).sort()).toEqual(['clerk', 'lead']);
    expect(seen.tasks).toEqual([
      expect.objectContaining({
        nodeId: 'lead',
        approvers: [expect.objectContaining({ id: world.users.r1 }), expect.objectContaining({ id: world.users.r2 })],
      }),
    ]);
    expect(await openTasks(id)).toEqual([`clerk:${world.users.clerk}`, `lead:${world.users.lead}`]);

    const done = await doflow(admin, id, submitTo, { nextnodeids: 'lead' });
    expect(done.reply).toMatchObject({ errcode: 0, data: { status: 'running' } });
    expect(await openTasks(id)).toEqual([`lead:${world.users.r1}`, `lead:${world.users.r2}`].sort());
    const history = (await detail(id)).data!.history;
    expect(history.at(-1)).toMatchObject({
      action: 'intervene',
      actor: 'Platform_Administrator',
      toNodes: ['Lead'],
      comment: 'stuck for a week',
    });
    // The new approver moves it on; the join no longer waits for the branch that ended.
    expect((await submitTask(db, { instanceId: id, userId: world.users.r2 })).status).toBe('completed');
    expect(await openTasks(id)).toEqual([]);
  });

  it('completes an instance moved to its end node', async () => {
    const id = await start('linear');
    expect((await doflow(acme, id, [{ nodeid: 'e', isToPerson: false }])).reply.data).toMatchObject({
      status: 'completed',
      tasks: [],
    });
    expect((await detail(id)).data!.instance.stateLabel).toBe(label('flow.status.completed'));
    expect((await doflow(acme, id, [{ nodeid: 'e' }])).reply.errmsg).toBe(
      server.catalogue.labels.en['workflow.msg.finished'],
    );
  });

  it('deletes instances of the application all or nothing', async () => {
    const running = await start('linear');
    const finished = await start('linear');
    await doflow(admin, finished, [{ nodeid: 'e' }]);
    const path = `/authtime/domain/applicationid/${world.applicationId}/workflow/flowstaterts`;
    expect((await acme.call('DELETE', path, { body: [running, 'no-such-instance'] })).reply.errcode).toBe(1404);
    expect((await globex.call('DELETE', path, { body: [running] })).reply.errcode).toBe(1404);
    expect(await openTasks(running)).toEqual([`lead:${world.users.lead}`]);
    expect((await acme.call('DELETE', path, { body: [] })).reply.errmsg).toContain(label('flow.msg.selectToDelete'));
    expect((await acme.call('DELETE', path, { body: [running, finished] })).reply).toMatchObject({
      errcode: 0,
      data: { deleted: 2 },
    });
    expect(await openTasks(running)).toEqual([]);
    const shown = (await list(acme)).reply.data!.datas.map((r) => r.id);
    expect(shown).not.toContain(running);
    expect((await list(acme, { status: 'deleted' })).reply.data!.datas.map((r) => r.id).sort()).toEqual(
      [running, finished].sort(),
    );
  });

  it('changes the approvers of selected instances as one batch, counted first, and undoes it', async () => {
    const [a, b] = [await start('linear'), await start('linear')];
    const batch = (body: Record<string, unknown>, client = acme) =>
      client.call<{ batchId: string | null; instances: number; cancelled: number; created: number }>(
        'PUT',
        '/authtime/domain/workflow/approvers/batch',
        { body: { ids: [a, b], comment: 'lead on leave', ...body } },
      );
    const set = { mode: 'set', userids: `${world.users.r1};${world.users.r2}` };
    expect((await batch(set, globex)).reply.errcode).toBe(1404);
    expect((await batch({ mode: 'replace', from: world.users.lead, to: world.users.lead })).reply.errmsg).toContain(
      label('flow.msg.replaceWho'),
    );
    const stranger = (
      await db.selectFrom('users').select('id').where('domain_id', '!=', world.domainId).executeTakeFirstOrThrow()
    ).id;
    expect((await batch({ mode: 'set', userids: stranger })).reply.errmsg).toContain(label('flow.msg.badApprovers'));
    // The dry run counts and changes nothing.
    expect((await batch({ ...set, dryRun: true })).reply.data).toEqual({
      batchId: null,
      instances: 2,
      cancelled: 2,
      created: 4,
      skipped: [],
    });
    expect(await openTasks(a)).toEqual([`lead:${world.users.lead}`]);
    const done = (await batch(set)).reply.data!;
    expect(done).toMatchObject({ instances: 2, cancelled: 2, created: 4 });
    expect(await openTasks(a)).toEqual([`lead:${world.users.r1}`, `lead:${world.users.r2}`].sort());
    expect((await detail(b)).data!.history.at(-1)).toMatchObject({ action: 'reassign', comment: 'lead on leave' });
    const undo = (id: string) =>
      acme.call<{ instances: number; restored: number }>(
        'POST',
        `/authtime/domain/workflow/approvers/batch/${id}/undo`,
      );
    expect((await undo(done.batchId!)).reply.data).toEqual({ instances: 2, restored: 2 });
    expect(await openTasks(a)).toEqual([`lead:${world.users.lead}`]);
    expect((await undo(done.batchId!)).reply.errmsg).toBe(label('flow.msg.batchUndone'));
  });

  it('replaces one approver by another by rule, and cannot undo once the new approver acted', async () => {
    const waiting = await start('linear');
    const moved = await start('linear');
    await submitTask(db, { instanceId: moved, userId: world.users.lead });
    const rule = await acme.call<{ batchId: string; instances: number }>(
      'PUT',
      '/authtime/domain/workflow/approvers/batch',
      {
        body: {
          ids: [waiting, moved],
          mode: 'replace',
          from: world.users.lead,
          to: world.users.clerk,
          comment: 'lead left',
        },
      },
    );
    // Only the instance where the lead holds a task changes.
    expect(rule.reply.data).toMatchObject({ instances: 1, cancelled: 1, created: 1 });
    expect(await openTasks(waiting)).toEqual([`lead:${world.users.clerk}`]);
    expect(await openTasks(moved)).toEqual([`review:${world.users.r1}`, `review:${world.users.r2}`].sort());
    await submitTask(db, { instanceId: waiting, userId: world.users.clerk });
    const refused = await acme.call(
      'POST',
      `/authtime/domain/workflow/approvers/batch/${rule.reply.data!.batchId}/undo`,
    );
    expect(refused.reply.errmsg).toBe(label('flow.msg.batchActedOn'));
    expect(await openTasks(waiting)).toEqual([`review:${world.users.r1}`, `review:${world.users.r2}`].sort());
  });
});
