// The workflow dashboard's four figures (issue 12, D47) on both databases: instances run through the
// engine, their rows re-dated to known durations, then the exact hours, counts and ordering asked over
// HTTP; the period filter; who may ask (an enterprise's governors only) and with which application.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/schema.ts';
import { periodStart } from '../../src/server/areas/flow-analytics/period.ts';
import { deleteInstance, startInstance, submitTask } from '../../src/server/workflow/actions.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ACME, ADMIN, GLOBEX, startTestServer, type TestServer } from './helpers/test-server.ts';

const targets = await databaseTargets();
const HOUR = 3_600_000;
type Row = { groupColumns: Array<{ columnName: string; value: string }>; resultFields: number[] };

/** Two approvals in a row, each by one user, then the end. */
const bpmn = (id: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:atrium="urn:atrium:bpmn" id="d" targetNamespace="urn:test">
  <process id="${id}" isExecutable="true"><startEvent id="s" /><sequenceFlow id="f1" sourceRef="s" targetRef="check" />
    <userTask id="check" name="Check" atrium:approvers="user:dash-a" /><sequenceFlow id="f2" sourceRef="check" targetRef="sign" />
    <userTask id="sign" name="Sign" atrium:approvers="user:dash-b" /><sequenceFlow id="f3" sourceRef="sign" targetRef="e" /><endEvent id="e" name="Done" />
  </process></definitions>`;

/** A row as `FLOWNAME=…|…: figures`, so a failure reads at a glance. */
const text = (rows: Row[]) => rows.map((r) => `${r.groupColumns.map((c) => `${c.columnName}=${c.value}`).join('|')}: ${r.resultFields.join(',')}`);

describe.each(targets)('the workflow dashboard on $name', (target) => {
  let server: TestServer;
  let db: Db;
  let acme: ApiClient;
  let acmeZh: ApiClient;
  let acmeId: string;
  let globexId: string;
  let appId: string;
  let emptyAppId: string;
  const users = { initiator: '', a: '', b: '' };
  const now = new Date();
  const anchor = new Date(now.getTime() - 60_000);
  const startOfToday = periodStart('today', now);

  const ask = (client: ApiClient, figure: string, query: Record<string, string>) => client.call<Row[]>('GET', `/authtime/domain/workflow/analytics/${figure}`, { query });
  const figures = async (figure: string, query: Record<string, string> = {}, client = acme) => {
    const { reply } = await ask(client, figure, { domainid: acmeId, applicationid: appId, ...query });
    expect(reply.errcode, reply.errmsg).toBe(0);
    return text(reply.data);
  };

  /** Runs an instance through `steps.length` of its approvals (both: it completes), each step taking
   *  the given hours, the last one ending at `endAt`; then re-dates its rows to match. */
  async function run(processId: string, steps: number[], endAt: Date): Promise<string> {
    const { instanceId } = await startInstance(db, { domainId: acmeId, applicationId: appId, processId, initiatorId: users.initiator });
    const nodes = [['check', users.a], ['sign', users.b]] as const;
    let at = endAt.getTime() - steps.reduce((sum, h) => sum + h * HOUR, 0);
    await db.updateTable('flow_instances').set({ started_at: new Date(at) }).where('id', '=', instanceId).execute();
    await db.updateTable('flow_history').set({ at: new Date(at) }).where('instance_id', '=', instanceId).execute();
    for (const [i, hours] of steps.entries()) {
      const [node, user] = nodes[i];
      await submitTask(db, { instanceId, userId: user });
      const [created, done] = [new Date(at), new Date((at += hours * HOUR))];
      await db.updateTable('flow_tasks').set({ created_at: created, done_at: done }).where('instance_id', '=', instanceId).where('node_id', '=', node).execute();
      await db.updateTable('flow_tasks').set({ created_at: done }).where('instance_id', '=', instanceId).where('status', '=', 'open').execute();
      await db.updateTable('flow_history').set({ at: done }).where('instance_id', '=', instanceId).where('node_id', '=', node).execute();
    }
    if (steps.length === nodes.length) {
      await db.updateTable('flow_instances').set({ completed_at: new Date(at) }).where('id', '=', instanceId).execute();
      await db.updateTable('flow_history').set({ at: new Date(at) }).where('instance_id', '=', instanceId).where('action', '=', 'complete').execute();
    }
    return instanceId;
  }

  beforeAll(async () => {
    server = await startTestServer(target);
    db = server.db;
    [acme, acmeZh] = await Promise.all([server.signedIn(ACME.username, ACME.password, 'en'), server.signedIn(ACME.username, ACME.password, 'zh')]);
    acmeId = (await db.selectFrom('domains').select('id').where('name', '=', 'Acme').executeTakeFirstOrThrow()).id;
    globexId = (await db.selectFrom('domains').select('id').where('name', '=', 'Globex').executeTakeFirstOrThrow()).id;
    [appId, emptyAppId] = [randomUUID(), randomUUID()];
    await db.insertInto('applications').values([{ id: appId, domain_id: null, name: 'Dashboard test' }, { id: emptyAppId, domain_id: null, name: 'Dashboard empty' }]).execute();
    await db.insertInto('domain_applications').values([{ domain_id: acmeId, application_id: appId }, { domain_id: acmeId, application_id: emptyAppId }]).execute();
    await db
      .insertInto('app_processes')
      .values([
        { application_id: appId, id: 'alpha', names: JSON.stringify({ en: 'Alpha', zh: '阿尔法' }), form_id: 'form', bpmn: bpmn('alpha'), order_no: 1 },
        { application_id: appId, id: 'beta', names: JSON.stringify({ en: 'Beta' }), form_id: 'form', bpmn: bpmn('beta'), order_no: 2 },
      ])
      .execute();
    const department = randomUUID();
    await db.insertInto('departments').values({ id: department, domain_id: acmeId, name: 'Dashboard_Test', code: 'DASH-T' }).execute();
    for (const [key, loginno, name] of [['initiator', 'dash-init', 'Dash Initiator'], ['a', 'dash-a', 'Dash Ann'], ['b', 'dash-b', 'Dash Bob']] as const) {
      users[key] = randomUUID();
      await db.insertInto('users').values({ id: users[key], domain_id: acmeId, department_id: department, name, loginno, password_hash: null }).execute();
    }
    // This year: alpha twice (6 h, completed now; 4 h, completed before today), beta once running
    // (its check took 10 h) and four times completed now, one deleted; last year: alpha once (10 h).
    await run('alpha', [2, 4], anchor);
    await run('alpha', [1, 3], new Date(startOfToday.getTime() - HOUR));
    await run('beta', [10], anchor);
    for (const steps of [[0.5, 0.25], [0.5, 0.5], [1.5, 0.5], [0.25, 0.25]]) await run('beta', steps, anchor);
    const deleted = await run('beta', [], anchor);
    await deleteInstance(db, { instanceId: deleted, userId: users.initiator });
    await run('alpha', [5, 5], new Date(periodStart('thisyear', now).getTime() - 30 * 24 * HOUR));
  });
  afterAll(async () => server?.close());

  it('averages process and node time per flow, in hours, over the year', async () => {
    // alpha: (6 + 4) / 2 and (2 + 4 + 1 + 3) / 4; beta: (0.75 + 1 + 2 + 0.5) / 4 and 14.25 / 9.
    expect(await figures('flowAndNodeTimeConsuming')).toEqual(['FLOWNAME=Alpha: 5,2.5', 'FLOWNAME=Beta: 1.06,1.58']);
  });

  it('totals process time and counts the instances started, deleted ones left out', async () => {
    expect(await figures('flowTimeConsumingAccounting')).toEqual(['FLOWNAME=Alpha: 10', 'FLOWNAME=Beta: 4.25']);
    expect(await figures('flowAccounting')).toEqual(['FLOWNAME=Alpha: 2', 'FLOWNAME=Beta: 5']);
  });

  it('lists the ten slowest steps, slowest first, with where each led and who acted', async () => {
    const rows = await figures('doAnalyzerActorTimeConsumingTopX');
    expect(rows).toHaveLength(10);
    expect(rows.slice(0, 4)).toEqual([
      'FLOWNAME=Beta|STARTNODENAME=Check|ENDNODENAME=Sign|NAME=Dash Ann: 10',
      'FLOWNAME=Alpha|STARTNODENAME=Sign|ENDNODENAME=Done|NAME=Dash Bob: 4',
      'FLOWNAME=Alpha|STARTNODENAME=Sign|ENDNODENAME=Done|NAME=Dash Bob: 3',
      'FLOWNAME=Alpha|STARTNODENAME=Check|ENDNODENAME=Sign|NAME=Dash Ann: 2',
    ]);
    expect(rows.map((r) => Number(r.split(': ')[1]))).toEqual([10, 4, 3, 2, 1.5, 1, 0.5, 0.5, 0.5, 0.5]);
  });

  it.skipIf(startOfToday.getTime() - 6 * HOUR < periodStart('thisyear', now).getTime())('keeps to the period: today leaves out what completed before midnight', async () => {
    expect(await figures('flowTimeConsumingAccounting', { daterange: 'today' })).toEqual(['FLOWNAME=Alpha: 6', 'FLOWNAME=Beta: 4.25']);
  });

  it('names the flows in the caller’s language (the process id when the package has no such name)', async () => {
    expect(await figures('flowAccounting', {}, acmeZh)).toEqual(['FLOWNAME=阿尔法: 2', 'FLOWNAME=beta: 5']);
  });

  it('answers empty lists for software with no instances', async () => {
    for (const figure of ['flowAndNodeTimeConsuming', 'flowTimeConsumingAccounting', 'flowAccounting', 'doAnalyzerActorTimeConsumingTopX']) {
      expect(await figures(figure, { applicationid: emptyAppId })).toEqual([]);
    }
  });

  it('answers the enterprise’s governors only, and only for software bound to it', async () => {
    const [admin, globex, sales, dev] = await Promise.all([
      server.signedIn(ADMIN.username, ADMIN.password, 'en'),
      server.signedIn(GLOBEX.username, GLOBEX.password, 'en'),
      server.signedIn('sales', 'Sales@2026', 'en'),
      server.signedIn('dev', 'Dev@2026', 'en'),
    ]);
    expect(await figures('flowAccounting', {}, admin)).toEqual(['FLOWNAME=Alpha: 2', 'FLOWNAME=Beta: 5']);
    const query = { domainid: acmeId, applicationid: appId };
    expect((await ask(globex, 'flowAccounting', query)).reply.errcode).toBe(1404);
    expect((await ask(dev, 'flowAccounting', query)).reply.errcode).toBe(1404);
    expect((await ask(sales, 'flowAccounting', query)).reply).toMatchObject({ errcode: 1403, errmsg: server.catalogue.labels.en['flowboard.msg.governorsOnly'] });
    // Acme's administrator asking about Globex: as if it did not exist.
    const contracts = (await db.selectFrom('applications').select('id').where('name', '=', 'Contracts').executeTakeFirstOrThrow()).id;
    expect((await ask(acme, 'flowAccounting', { domainid: globexId, applicationid: contracts })).reply.errcode).toBe(1404);
    expect((await ask(globex, 'flowAccounting', { domainid: globexId, applicationid: contracts })).reply.errcode).toBe(0);
    // Software not bound to the enterprise.
    expect((await ask(acme, 'flowAccounting', { domainid: acmeId, applicationid: contracts })).reply).toMatchObject({ errcode: 1404, errmsg: server.catalogue.labels.en['flowboard.msg.notBound'] });
  });

  it('refuses a missing application or an unknown period with a clear message', async () => {
    const missing = await ask(acme, 'flowAccounting', { domainid: acmeId });
    expect(missing.reply).toMatchObject({ errcode: 1001 });
    expect(JSON.stringify(missing.reply)).toContain(server.catalogue.labels.en['msg.selectSoftware']);
    expect((await ask(acme, 'flowAccounting', { domainid: acmeId, applicationid: appId, daterange: 'decade' })).reply.errcode).toBe(1001);
  });
});
