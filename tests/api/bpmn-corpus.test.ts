// The BPMN corpus run to its end (tests/fixtures/bpmn/, read in tests/unit/core/workflow/bpmn-corpus.test.ts):
// every file that installs is stored as a process of a test application and run through the runtime
// REST, on both databases, with the variables its conditions and assignments read; each open task is
// submitted by one of its approvers until the instance completes. Approvals a drawing leaves open are
// refused at start until the enterprise sets them (docs/adr/0119-approvers-set-in-the-console.md).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCorpus, waitsOutside, type CorpusFile } from '../unit/core/workflow/bpmn-corpus.ts';
import { databaseTargets } from './helpers/databases.ts';
import { makeEngineWorld, runtimeAccess, type EngineWorld } from './helpers/engine-world.ts';
import { installCorpus } from './helpers/corpus-world.ts';
import { ACME, startTestServer, type TestServer } from './helpers/test-server.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { runtimeOf, type Runtime } from './helpers/runtime-calls.ts';

const targets = await databaseTargets();
// Those that wait for timers, messages or workers run in bpmn-corpus-waits.test.ts.
const corpus = (await readCorpus()).filter((c) => c.read.definition && !waitsOutside(c));

/** The variables each run starts with, and those each submission brings (the decisions along the path). */
const RUNS: Record<string, { start: Record<string, unknown>; submit?: Record<string, unknown> }> = {
  'activiti-group-expression': { start: { approverGroups: 'managers' } },
  'activiti-inclusive': { start: { flight: true, hotel: true } },
  'activiti-leave': { start: {}, submit: { deptLeaderPass: true } },
  'bpmnjs-collaboration-lanes': { start: {} },
  'bpmnjs-simple-approval': { start: {}, submit: { accepted: true } },
  'c7-bid-evaluation': { start: { bidders: ['kermit', 'gonzo'] } },
  'c7-call-activity': { start: {} },
  'c7-clause-review-rounds': { start: { reviewers: ['kermit', 'gonzo'] } },
  'c7-conditional-claim': { start: {}, submit: { documentsComplete: true } },
  'c7-contract-negotiation': { start: { legalQuestion: true }, submit: { agreed: true } },
  'c7-countersign': { start: { approvers: ['kermit', 'gonzo', 'fozzie', 'cor-r1'], signers: 'gonzo, kermit' } },
  'c7-department-countersign': { start: { departments: [['kermit', 'gonzo'], ['fozzie']] } },
  'c7-document-checks': { start: { owners: ['kermit', 'gonzo'] } },
  'c7-expense-routing': { start: { amount: 5000, dept: 'sales' } },
  'c7-invoice-approval': { start: {}, submit: { approved: true } },
  'c7-open-approvers': { start: {} },
  'c7-parallel-review': { start: {} },
  'c7-quote-levels': { start: { quoteCount: 2 } },
  'c7-regional-budget-approval': { start: { regions: [['kermit', 'gonzo'], ['fozzie']] } },
  'c7-review-rounds': { start: { reviewers: ['kermit', 'gonzo', 'fozzie', 'cor-r1'], signers: 'gonzo, kermit' } },
  'c7-supplier-audit': { start: { auditee: 'kermit' } },
  'c7-supplier-onboarding': { start: { suppliers: ['kermit', 'gonzo'] } },
  'c7-supplier-screening': { start: { suppliers: ['kermit', 'gonzo'] } },
  'c7-supplier-subprocess': { start: { documentsComplete: true } },
  'c7-terminate-end': { start: {} },
  'c7-vacation-request': { start: {}, submit: { vacationApproved: true } },
  'c7-warnings': { start: {} },
  'c7-workplace-setup': { start: {} },
  'c8-amount-routing': { start: { amount: 5000, dept: 'sales', director: 'cor-r2' } },
  'c8-board-majority': { start: { voters: ['kermit', 'gonzo', 'fozzie'] }, submit: { inFavour: true } },
  'c8-call-activity': { start: { amount: 500 }, submit: { checked: true } },
  'c8-committee-decisions': { start: { approvers: ['kermit', 'gonzo', 'fozzie'] }, submit: { approved: true } },
  'c8-invoice-due-dates': { start: { invoice: { dueDate: '2020-01-31', amount: 900 } } },
  'c8-leave-approval': { start: {}, submit: { approved: true } },
  'c8-multi-instance': { start: { boardMembers: ['kermit', 'gonzo', 'fozzie'] } },
  'c8-offer-award': {
    start: {
      offers: [
        { supplier: 'Nordlicht GmbH', region: 'emea', due: '2026-03-01', quotedAt: '2026-02-10T09:00:00+01:00' },
        { supplier: 'Acme Corp', region: 'americas', due: '2026-01-15', quotedAt: '2026-01-05T08:30:00-05:00' },
      ],
      buyers: { emea: 'kermit', americas: 'gonzo', desks: { import: 'fozzie' } },
    },
  },
  'c8-offer-escalation': { start: { discount: 20 } },
  'c8-purchase-approval': {
    start: { order: { amount: 3000, lines: [{ category: 'it', quantity: 2, amount: 3000 }] } },
    submit: { decision: 'approve' },
  },
  'c8-purchase-check': { start: { orderAmount: 500 } },
  'c8-regional-review': { start: { regions: ['kermit', 'gonzo'] }, submit: { approved: true } },
  'c8-ticket-offices': {
    start: { ticket: { reference: 'IT-0042', submittedAt: '2026-12-24T02:00:00Z', owner: 'cor-r1@acme.example' } },
  },
  'flowable-call-activity': { start: {}, submit: { approved: true } },
  'flowable-candidate-users': { start: {} },
  'flowable-leave-approval': { start: {}, submit: { approved: true } },
  'flowable-subprocess': { start: {} },
};

/** Candidate groups the corpus names: each becomes a role of the test application held by r1. */
const GROUPS = [
  'approver',
  'accounting',
  'management',
  'teamlead',
  'director',
  'finance',
  'legal',
  'purchasing',
  'manager',
  'hr',
  'buyer',
  'managers',
  'deptLeader',
  'it',
  'support',
  'travel',
  'sales',
  'board',
];

describe.each(targets)('the BPMN corpus run to its end on $name', (target) => {
  let server: TestServer;
  let world: EngineWorld;
  let engine: Runtime;
  let acme: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(target);
    world = await makeEngineWorld(server.db, 'Acme', 'cor');
    engine = runtimeOf(server, world, await runtimeAccess(server.db, world));
    acme = await server.signedIn(ACME.username, ACME.password, 'en');
    const db = server.db;
    await installCorpus(db, world, corpus, GROUPS);
    const department = await db
      .selectFrom('users')
      .select('department_id')
      .where('id', '=', world.users.r1)
      .executeTakeFirstOrThrow();
    for (const loginno of ['kermit', 'gonzo', 'fozzie'])
      await db
        .insertInto('users')
        .values({
          id: randomUUID(),
          domain_id: world.domainId,
          department_id: department.department_id,
          name: loginno,
          loginno,
          password_hash: null,
        })
        .execute();
  }, 300_000); // a server on a loaded machine
  afterAll(async () => server?.close());

  const runtime = (action: string, processId: string, userCode: string, body: unknown, instanceId?: string) =>
    engine.call(action, { flowId: processId, userCode, body, instanceId });
  /** An open task of the instance or of an instance its call activities started (docs/adr/0139-call-activities-and-conditional-events.md). */
  const openTask = (instanceId: string) =>
    server.db
      .selectFrom('flow_tasks as t')
      .innerJoin('users as u', 'u.id', 't.assignee_id')
      .innerJoin('flow_instances as i', 'i.id', 't.instance_id')
      .select(['t.node_id', 'u.loginno', 't.instance_id', 'i.process_id'])
      .where((eb) => eb.or([eb('i.id', '=', instanceId), eb('i.parent_id', '=', instanceId)]))
      .where('t.status', '=', 'open')
      .orderBy('t.node_id')
      .executeTakeFirst();
  const setApprovers = (processId: string, nodeId: string, approvers: string) =>
    acme.call('PUT', `/authtime/domain/${world.domainId}/application/${world.applicationId}/approvers`, {
      body: { processId, nodeId, approvers },
    });

  /** Starts the file's process and submits its open tasks until it completes; answers the nodes passed. */
  async function runToEnd(c: CorpusFile): Promise<string[]> {
    const run = RUNS[c.file.replace('.bpmn', '')];
    const started = await runtime('runtime/start', c.processId, 'cor-init', { formData: run.start });
    expect(started.reply.errcode, `${c.file}: ${started.reply.errmsg}`).toBe(0);
    const id = started.reply.data!.instanceId;
    const passed: string[] = [];
    for (let step = 0; step < 20; step++) {
      const task = await openTask(id);
      if (!task) break;
      passed.push(task.node_id);
      const done = await runtime(
        'runtime/submission',
        task.process_id,
        task.loginno,
        { formData: run.submit ?? {} },
        task.instance_id,
      );
      expect(done.reply.errcode, `${c.file} at ${task.node_id}: ${done.reply.errmsg}`).toBe(0);
    }
    const { status } = await server.db
      .selectFrom('flow_instances')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(status, c.file).toBe('completed');
    return passed;
  }

  it('refuses to start a process whose open approvals are unset, naming them; runs it once they are set', async () => {
    const open = corpus.find((c) => c.file === 'c7-open-approvers.bpmn')!;
    const refused = await runtime('runtime/start', open.processId, 'cor-init', { formData: {} });
    expect(refused.reply.errcode).toBe(1009);
    expect(refused.reply.errmsg).toBe(
      'The process cannot start yet: the enterprise has not set the approvers of "Check request", "Sign off" (software tab, Approvers).',
    );
    const listed = await acme.call<Array<{ processId: string; nodeId: string; nodeName: string; approvers: string }>>(
      'GET',
      `/authtime/domain/${world.domainId}/application/${world.applicationId}/approvers`,
    );
    expect(listed.reply.errcode, listed.reply.errmsg).toBe(0);
    const nodes = listed.reply.data!.filter((n) => n.processId === 'Process_1' && n.approvers === '');
    expect(nodes.map((n) => n.nodeName)).toEqual(['Check request', 'Sign off']);
    const bad = await setApprovers('Process_1', nodes[0].nodeId, 'boss:anna');
    expect(bad.reply.errcode).toBe(1001);
    const unknownRole = await setApprovers('Process_1', nodes[0].nodeId, 'role:nobody');
    expect(unknownRole.reply.errcode).toBe(1001);
    expect(await setApprovers('Process_1', nodes[0].nodeId, 'superior')).toMatchObject({ reply: { errcode: 0 } });
    expect((await runtime('runtime/start', open.processId, 'cor-init', { formData: {} })).reply.errmsg).toBe(
      'The process cannot start yet: the enterprise has not set the approvers of "Sign off" (software tab, Approvers).',
    );
    expect(await setApprovers('Process_1', nodes[1].nodeId, 'user:cor-clerk')).toMatchObject({ reply: { errcode: 0 } });
    // An intervention's defaults at a node left open are the approvers its enterprise set
    // (docs/adr/0240-intervention-approvers-by-instance-and-open-nodes-shown.md).
    const started = await runtime('runtime/start', open.processId, 'cor-init', { formData: {} });
    const defaults = await acme.call<Array<{ loginno: string }>>(
      'GET',
      '/authtime/domain/workflow/intervention/approvers',
      {
        query: { id: started.reply.data!.instanceId, nodeid: nodes[1].nodeId },
      },
    );
    expect(defaults.reply.errcode, defaults.reply.errmsg).toBe(0);
    expect(defaults.reply.data!.map((u) => u.loginno)).toEqual(['cor-clerk']);
    expect(await runToEnd(open)).toEqual([nodes[0].nodeId, nodes[1].nodeId]);
  }, 120_000);

  it('runs every file that installs to its end', async () => {
    // The other drawings with open approvals: the enterprise names the approvers' role.
    const listed = await acme.call<Array<{ processId: string; nodeId: string; approvers: string }>>(
      'GET',
      `/authtime/domain/${world.domainId}/application/${world.applicationId}/approvers`,
    );
    for (const n of listed.reply.data!.filter((x) => x.approvers === ''))
      expect((await setApprovers(n.processId, n.nodeId, 'role:approver')).reply.errcode).toBe(0);
    const ran: string[] = [];
    for (const c of corpus) {
      await runToEnd(c);
      ran.push(c.file);
    }
    console.log(`${ran.length} of ${corpus.length} installing files ran to their end: ${ran.join(', ')}`);
    expect(ran.length).toBe(corpus.length);
  }, 300_000);
});
