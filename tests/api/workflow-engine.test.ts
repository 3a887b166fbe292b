// The process engine's actions on both databases (docs/adr/0044-engine-state-in-tables.md), called directly: every node kind, any and all
// approvals, both gateways, back, retract, delete, what is refused (and then changes nothing), two
// approvers racing on two connections, and an upgrade that leaves a running instance on its version.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Db } from '../../src/server/db/schema.ts';
import { PREPARED_MARK } from '../../src/server/db/prepared-statements.ts';
import { COMMIT_AFTER } from '../../src/server/db/pipelined-transactions.ts';
import { AppError } from '../../src/server/http/app-error.ts';
import { deleteInstance, retract, sendBack, startInstance, submitTask } from '../../src/server/workflow/actions.ts';
import type { ActionResult } from '../../src/server/workflow/action-steps.ts';
import { databaseTargets } from './helpers/databases.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { makeEngineWorld, PROCESSES, type EngineUsers } from './helpers/engine-world.ts';
import { instanceDiagram } from '../../src/server/areas/flows/instance-diagram.ts';

const targets = await databaseTargets();

describe.each(targets)('the process engine on $name', (target) => {
  let server: TestServer;
  let db: Db;
  let domainId: string;
  let applicationId: string;
  let users: EngineUsers;

  beforeAll(async () => {
    server = await startTestServer(target);
    db = server.db;
    ({ domainId, applicationId, users } = await makeEngineWorld(db, 'Acme'));
  });
  afterAll(async () => server?.close());

  const start = (processId: string, formData?: Record<string, unknown>) =>
    startInstance(db, { domainId, applicationId, processId, initiatorId: users.initiator, formData });
  const openTasks = async (instanceId: string) =>
    (
      await db
        .selectFrom('flow_tasks')
        .select(['node_id', 'assignee_id'])
        .where('instance_id', '=', instanceId)
        .where('status', '=', 'open')
        .orderBy('node_id')
        .orderBy('assignee_id')
        .execute()
    ).map((t) => `${t.node_id}:${t.assignee_id}`);
  const history = async (instanceId: string) =>
    (
      await db
        .selectFrom('flow_history')
        .select(['action', 'node_id'])
        .where('instance_id', '=', instanceId)
        .orderBy('id')
        .execute()
    ).map((h) => `${h.action}${h.node_id ? `:${h.node_id}` : ''}`);
  const statusOf = async (instanceId: string) =>
    (await db.selectFrom('flow_instances').select('status').where('id', '=', instanceId).executeTakeFirstOrThrow())
      .status;
  /** The message key an action is refused with. */
  const refusal = async (action: Promise<ActionResult>) => {
    const error = await action.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).messageKey;
  };
  const task = (node: string, user: string) => `${node}:${user}`;

  it('runs a chain of approvals: the initiator’s superior, then any one of a role', async () => {
    const started = await start('linear');
    expect(started).toMatchObject({
      status: 'running',
      tasks: [{ nodeId: 'lead', nodeName: 'Lead', assignees: [users.lead] }],
    });
    const id = started.instanceId;
    const afterLead = await submitTask(db, { instanceId: id, userId: users.lead, comment: 'fine' });
    expect(afterLead.tasks.map((t) => t.nodeId)).toEqual(['review']);
    expect([...afterLead.tasks[0].assignees].sort()).toEqual([users.r1, users.r2].sort());
    expect(await openTasks(id)).toEqual([task('review', users.r1), task('review', users.r2)].sort());
    const done = await submitTask(db, { instanceId: id, userId: users.r2 });
    expect(done.status).toBe('completed');
    expect(await openTasks(id)).toEqual([]);
    expect(await history(id)).toEqual(['start:s', 'submit:lead', 'submit:review', 'complete:e']);
    // r1's task ended with r2's approval; a finished instance takes no more actions.
    expect(await refusal(submitTask(db, { instanceId: id, userId: users.r1 }))).toBe('workflow.msg.finished');
  });

  it('waits for every approver of a multi-instance approval', async () => {
    const { instanceId: id } = await start('everyone');
    expect((await submitTask(db, { instanceId: id, userId: users.r1 })).status).toBe('running');
    expect(await openTasks(id)).toEqual([task('board', users.r2)]);
    expect((await submitTask(db, { instanceId: id, userId: users.r2 })).status).toBe('completed');
  });

  it('takes the branch whose condition holds over the form, else the default', async () => {
    expect((await start('branch', { amount: 50 })).tasks).toMatchObject([
      { nodeId: 'clerk', assignees: [users.clerk] },
    ]);
    expect((await start('branch', { amount: 500 })).tasks).toMatchObject([{ nodeId: 'lead', assignees: [users.lead] }]);
  });

  it('splits into parallel branches, runs an auto task, and goes on only when both have joined', async () => {
    const started = await start('parallel');
    const id = started.instanceId;
    expect(started.tasks.map((t) => t.nodeId).sort()).toEqual(['clerk', 'lead']);
    expect(await history(id)).toEqual(['start:s', 'auto:log']);
    expect((await submitTask(db, { instanceId: id, userId: users.clerk })).status).toBe('running');
    expect(await openTasks(id)).toEqual([task('lead', users.lead)]);
    // Back is not possible while the branches run.
    expect(await refusal(sendBack(db, { instanceId: id, userId: users.lead }))).toBe('workflow.msg.backInBranches');
    expect((await submitTask(db, { instanceId: id, userId: users.lead })).status).toBe('completed');
  });

  it('notes an end one branch reached while another goes on, in the history and the diagram', async () => {
    const { instanceId: id } = await start('parallelEnds');
    expect(await history(id)).toEqual(['start:s', 'auto:log', 'auto:logged']);
    const instance = await db
      .selectFrom('flow_instances')
      .select(['id', 'version_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect((await instanceDiagram(db, instance, ['clerk'])).done).toContain('logged');
    expect((await submitTask(db, { instanceId: id, userId: users.clerk })).status).toBe('completed');
    // The last end completes the instance, noted once.
    expect(await history(id)).toEqual(['start:s', 'auto:log', 'auto:logged', 'submit:clerk', 'complete:e']);
  });

  it('sends an instance back to an earlier approval, and refuses when there is none', async () => {
    const { instanceId: id } = await start('linear');
    expect(await refusal(sendBack(db, { instanceId: id, userId: users.lead }))).toBe('workflow.msg.nothingEarlier');
    await submitTask(db, { instanceId: id, userId: users.lead });
    const back = await sendBack(db, { instanceId: id, userId: users.r1, comment: 'missing receipt' });
    expect(back.tasks).toMatchObject([{ nodeId: 'lead', assignees: [users.lead] }]);
    expect(await openTasks(id)).toEqual([task('lead', users.lead)]);
    expect(await refusal(sendBack(db, { instanceId: id, userId: users.lead, toNodeId: 'review' }))).toBe(
      'workflow.msg.notEarlier',
    );
  });

  it('lets the last submitter retract until the next approver acts', async () => {
    const { instanceId: id } = await start('linear');
    await submitTask(db, { instanceId: id, userId: users.lead });
    expect(await refusal(retract(db, { instanceId: id, userId: users.r1 }))).toBe('workflow.msg.notLastSubmitter');
    await retract(db, { instanceId: id, userId: users.lead });
    expect(await openTasks(id)).toEqual([task('lead', users.lead)]);
    await submitTask(db, { instanceId: id, userId: users.lead });
    expect(await openTasks(id)).toEqual([task('review', users.r1), task('review', users.r2)].sort());
    // r1 sends it back: the lead's submission has been acted on and can no longer be retracted.
    await sendBack(db, { instanceId: id, userId: users.r1 });
    expect(await refusal(retract(db, { instanceId: id, userId: users.lead }))).toBe('workflow.msg.notLastSubmitter');
  });

  it('refuses what is not allowed and keeps everything as it was', async () => {
    const { instanceId: id } = await start('linear');
    const tasksBefore = await openTasks(id);
    const historyBefore = await history(id);
    expect(await refusal(submitTask(db, { instanceId: id, userId: users.clerk }))).toBe('workflow.msg.notYourTask');
    expect(await openTasks(id)).toEqual(tasksBefore);
    expect(await history(id)).toEqual(historyBefore);
    // An approval nobody can take refuses the start, and no instance is left behind.
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('flow_instances')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const instances = await count();
    expect(await refusal(start('nobody'))).toBe('workflow.msg.noApprovers');
    expect(await count()).toBe(instances);
  });

  it('goes where the submitter chooses at a choice gateway, among the options whose condition holds', async () => {
    const atClerk = async (amount: number) => (await start('choice', { amount })).instanceId;
    const asked = await atClerk(500);
    expect(await refusal(submitTask(db, { instanceId: asked, userId: users.clerk }))).toBe('workflow.msg.chooseNext'); // nothing chosen, no default
    expect(await refusal(submitTask(db, { instanceId: asked, userId: users.clerk, nextNodeIds: ['e'] }))).toBe(
      'workflow.msg.notAnOption',
    ); // 500 is not small
    expect(
      await refusal(submitTask(db, { instanceId: asked, userId: users.clerk, nextNodeIds: ['lead', 'review'] })),
    ).toBe('workflow.msg.oneChoice');
    expect(await openTasks(asked)).toEqual([task('clerk', users.clerk)]); // refused: nothing changed
    expect(
      (await submitTask(db, { instanceId: asked, userId: users.clerk, nextNodeIds: ['review'] })).tasks.map(
        (t) => t.nodeId,
      ),
    ).toEqual(['review']);
    const toLead = await atClerk(500);
    expect(
      (await submitTask(db, { instanceId: toLead, userId: users.clerk, nextNodeIds: ['lead'] })).tasks,
    ).toMatchObject([{ nodeId: 'lead', assignees: [users.lead] }]);
    const small = await atClerk(5);
    expect((await submitTask(db, { instanceId: small, userId: users.clerk, nextNodeIds: ['e'] })).status).toBe(
      'completed',
    );
    expect(await history(small)).toEqual(['start:s', 'submit:clerk', 'complete:e']);
  });

  it('deletes a running instance: its tasks end and nothing more can be done', async () => {
    const { instanceId: id } = await start('linear');
    await deleteInstance(db, { instanceId: id, userId: users.initiator });
    expect(await statusOf(id)).toBe('deleted');
    expect(await openTasks(id)).toEqual([]);
    expect(await refusal(submitTask(db, { instanceId: id, userId: users.lead }))).toBe('workflow.msg.finished');
  });

  it('lets exactly one of two approvers racing on two connections move an any-approval on', async () => {
    const second = await server.secondInstance();
    const { instanceId: id } = await start('linear');
    await submitTask(db, { instanceId: id, userId: users.lead });
    const results = await Promise.allSettled([
      submitTask(db, { instanceId: id, userId: users.r1 }),
      submitTask(second.db, { instanceId: id, userId: users.r2 }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((rejected.reason as AppError).messageKey).toMatch(/workflow\.msg\.(notYourTask|finished)/);
    expect(await statusOf(id)).toBe('completed');
    expect((await history(id)).filter((h) => h.startsWith('submit:review'))).toHaveLength(1);
  });

  // PostgreSQL plans a prepared statement at every execution when its custom plans look cheaper than
  // the generic one (docs/adr/0080-submissions-caller-check-locks.md): the engine's statements must settle on the generic plan. PGlite prepares none.
  it.runIf(target.name === 'postgres')(
    'runs the engine’s prepared statements on generic plans once they are warm',
    async () => {
      const plans = await db.connection().execute(async (one) => {
        for (let round = 0; round < 8; round++) {
          const { instanceId: id } = await startInstance(one, {
            domainId,
            applicationId,
            processId: 'linear',
            initiatorId: users.initiator,
          });
          await submitTask(one, { instanceId: id, userId: users.lead });
          await submitTask(one, { instanceId: id, userId: users.r1 });
        }
        const { rows } = await sql<{
          statement: string;
          generic_plans: number;
          custom_plans: number;
        }>`select statement, generic_plans::int, custom_plans::int
        from pg_prepared_statements where statement like ${`%${PREPARED_MARK}`}`.execute(one);
        return rows;
      });
      const warm = plans.filter((p) => p.generic_plans + p.custom_plans >= 8);
      expect(warm.length).toBeGreaterThanOrEqual(4); // the lock, the submission, the role's tasks, the finish
      expect(warm.filter((p) => p.custom_plans > 5).map((p) => p.statement.slice(0, 120))).toEqual([]);
    },
  );

  // On PostgreSQL the action's last statement carries its unit's commit (docs/adr/0081-submissions-pipelined-begin-commit.md): when that statement
  // fails, the commit sent with it rolls back, and the connection goes on with the next unit.
  it('keeps nothing of an action whose last statement fails, and the next action goes through', async () => {
    const { instanceId: id } = await start('linear');
    await sql`create function refuse_boom() returns trigger language plpgsql as $$ begin raise exception 'boom refused'; end $$`.execute(
      db,
    );
    await sql`create trigger refuse_boom before update on flow_instances for each row when (old.summary = 'boom') execute function refuse_boom()`.execute(
      db,
    );
    try {
      await db.updateTable('flow_instances').set({ summary: 'boom' }).where('id', '=', id).execute();
      for (let n = 0; n < 3; n++)
        await expect(submitTask(db, { instanceId: id, userId: users.lead })).rejects.toThrow('boom refused');
      expect(await openTasks(id)).toEqual([task('lead', users.lead)]);
      expect(await history(id)).toEqual(['start:s']);
      // Other instances move meanwhile, on the same connections.
      const { instanceId: other } = await start('linear');
      expect((await submitTask(db, { instanceId: other, userId: users.lead })).tasks.map((t) => t.nodeId)).toEqual([
        'review',
      ]);
    } finally {
      await sql`drop trigger refuse_boom on flow_instances`.execute(db);
      await sql`drop function refuse_boom()`.execute(db);
    }
    expect((await submitTask(db, { instanceId: id, userId: users.lead })).tasks.map((t) => t.nodeId)).toEqual([
      'review',
    ]);
    expect(await history(id)).toEqual(['start:s', 'submit:lead']);
  });

  it.runIf(target.name === 'postgres')('refuses a statement after the one that carried its unit’s commit', async () => {
    const unit = db.transaction().execute(async (trx) => {
      await sql`${sql.raw(COMMIT_AFTER)}select 1`.execute(trx);
      await sql`select 2`.execute(trx);
    });
    await expect(unit).rejects.toThrow("a statement after its unit's commit");
  });

  it('keeps a running instance on the version it started with when the process changes', async () => {
    const { instanceId: old } = await start('branch', { amount: 500 });
    // The upgrade sends every amount to the clerk.
    const changed = PROCESSES.branch
      .replace('process id="p"', 'process id="branch"')
      .replace('amount &gt; 100', 'amount &gt; 1000000');
    await db
      .updateTable('app_processes')
      .set({ bpmn: changed })
      .where('application_id', '=', applicationId)
      .where('id', '=', 'branch')
      .execute();
    expect((await start('branch', { amount: 500 })).tasks).toMatchObject([
      { nodeId: 'clerk', assignees: [users.clerk] },
    ]);
    expect(await openTasks(old)).toEqual([task('lead', users.lead)]);
    const versions = await db
      .selectFrom('process_versions')
      .select('version')
      .where('application_id', '=', applicationId)
      .where('process_id', '=', 'branch')
      .orderBy('version')
      .execute();
    expect(versions.map((v) => v.version)).toEqual([1, 2]);
  });
});
