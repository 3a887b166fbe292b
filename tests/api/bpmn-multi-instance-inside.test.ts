// Issue 33 item 4, multi-instance by a count and what runs inside one instance of a multi-instance
// sub-process (docs/adr/0167-multi-instance-cardinality-waits-and-joins.md), through the runtime REST on
// both databases. The drawings are corpus files (tests/fixtures/bpmn/).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCorpus } from '../unit/core/workflow/bpmn-corpus.ts';
import { databaseTargets } from './helpers/databases.ts';
import { makeEngineWorld, runtimeAccess, type EngineWorld } from './helpers/engine-world.ts';
import { installCorpus } from './helpers/corpus-world.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { historyOf, openTaskAssignees } from './helpers/instance-readers.ts';

const targets = await databaseTargets();
const FILES = ['c7-quote-levels'];
const corpus = (await readCorpus()).filter((c) => FILES.includes(c.file.replace('.bpmn', '')));
const processOf = (file: string) => corpus.find((c) => c.file === `${file}.bpmn`)!.processId;

describe.each(targets)('multi-instance by a count, and waits and joins inside an instance, on $name', (target) => {
  let server: TestServer;
  let world: EngineWorld;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer(target);
    world = await makeEngineWorld(server.db, 'Acme', 'mi');
    token = await runtimeAccess(server.db, world);
    await installCorpus(server.db, world, corpus, ['purchasing', 'manager', 'director'], (group) =>
      group === 'director' ? world.users.r2 : world.users.r1,
    );
    // Three buyers may give a quote.
    const purchasing = await server.db
      .selectFrom('app_roles')
      .select('id')
      .where('application_id', '=', world.applicationId)
      .where('package_role', '=', 'purchasing')
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('role_users')
      .values([world.users.r2, world.users.clerk].map((user_id) => ({ role_id: purchasing.id, user_id })))
      .execute();
  }, 300_000); // a server on a loaded machine
  afterAll(async () => server?.close());

  const runtime = (action: string, file: string, userCode: string, body: unknown, instanceId?: string) =>
    server.client('en').call<{ instanceId: string; status: string }>('POST', `/rest/bpm/${action}`, {
      query: {
        accessToken: token,
        userCode,
        applicationId: world.applicationId,
        flowId: processOf(file),
        ...(instanceId ? { instanceId } : {}),
      },
      body,
    });
  const start = async (file: string, formData: Record<string, unknown>) => {
    const started = await runtime('runtime/start', file, 'mi-init', { formData });
    expect(started.reply.errcode, started.reply.errmsg).toBe(0);
    return started.reply.data!.instanceId;
  };
  const submit = async (file: string, id: string, userCode: string, formData: Record<string, unknown> = {}) => {
    const done = await runtime('runtime/submission', file, userCode, { formData }, id);
    expect(done.reply.errcode, done.reply.errmsg).toBe(0);
    return done.reply.data!.status;
  };
  const openTasks = (id: string) => openTaskAssignees(server.db, id);
  const label = async (id: string) =>
    (
      await server.db
        .selectFrom('flow_instances')
        .select('state_label')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).state_label;

  it('runs a count of approvals (an expression) and a sequence of sub-process instances by a number, told apart by loopCounter', async () => {
    const file = 'c7-quote-levels';
    const id = await start(file, { quoteCount: 2 });
    // Three buyers hold the group; two quotes are asked for: the third buyer's task goes once two are in.
    expect(await openTasks(id)).toEqual([
      'Activity_0x3k2q1:mi-clerk',
      'Activity_0x3k2q1:mi-r1',
      'Activity_0x3k2q1:mi-r2',
    ]);
    await submit(file, id, 'mi-r2');
    expect(await openTasks(id)).toEqual(['Activity_0x3k2q1:mi-clerk', 'Activity_0x3k2q1:mi-r1']);
    await submit(file, id, 'mi-clerk');
    // Instance 0 of two (loopCounter 0) takes the first level's path.
    expect(await openTasks(id)).toEqual(['Activity_0h2j6tn:mi-r1']);
    expect(await label(id)).toBe('Approval level › Department head approves, Approval level (0/2)');
    await submit(file, id, 'mi-r1');
    expect(await openTasks(id)).toEqual(['Activity_1w9p4es:mi-r2']);
    expect(await label(id)).toBe('Approval level › Director approves, Approval level (1/2)');
    expect(await submit(file, id, 'mi-r2')).toBe('completed');
    expect(await historyOf(server.db, id)).toEqual([
      'start StartEvent_1',
      'submit Activity_0x3k2q1',
      'submit Activity_0x3k2q1',
      'auto Event_0s1k9wd',
      'submit Activity_0h2j6tn',
      'auto Event_1f6q0ar',
      'auto Event_0s1k9wd',
      'submit Activity_1w9p4es',
      'auto Event_1f6q0ar',
      'auto Activity_1m5r7c4',
      'complete Event_0n4u1yb',
    ]);
    const tasks = await server.db
      .selectFrom('flow_tasks')
      .select(['node_id', 'status'])
      .where('instance_id', '=', id)
      .where('node_id', '=', 'Activity_0x3k2q1')
      .orderBy('status')
      .execute();
    expect(tasks.map((t) => t.status)).toEqual(['cancelled', 'done', 'done']);
  }, 60_000);

  it('passes a count of none at once; one approver asked for more instances than there are approvers finishes with all of them', async () => {
    const file = 'c7-quote-levels';
    const none = await start(file, { quoteCount: 0 });
    expect(await openTasks(none)).toEqual(['Activity_0h2j6tn:mi-r1']);
    const more = await start(file, { quoteCount: 5 });
    for (const buyer of ['mi-r1', 'mi-r2']) await submit(file, more, buyer);
    expect(await openTasks(more)).toEqual(['Activity_0x3k2q1:mi-clerk']);
    await submit(file, more, 'mi-clerk');
    expect(await openTasks(more)).toEqual(['Activity_0h2j6tn:mi-r1']);
  }, 60_000);
});
