// A group of timers finished as a set (docs/adr/0177-timer-group-finished-as-a-set.md), on both databases:
// the same mix of instances fired by a poller ten to a group and by one firing one at a time writes the
// same rows — history with its `to_nodes`, status, labels, completion, open tasks, jobs left — whatever
// the next node (a task, an escalation's task, a reminder's end reached while the task goes on, an end that
// completes the instance); and one instance that fails in the group fails alone.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance } from '../../src/server/workflow/actions.ts';
import { startJobPoller } from '../../src/server/workflow/waits/job-poller.ts';
import { databaseTargets } from './helpers/databases.ts';
import { makeEngineWorld, type EngineWorld } from './helpers/engine-world.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { eventually } from './helpers/two-instances.ts';
import { installWaiting } from './helpers/waiting-processes.ts';
import { openTaskNodes } from './helpers/instance-readers.ts';

const targets = await databaseTargets();
/** One of each kind of next node: a task, an escalation, a reminder (its branch ends, the task stays),
 *  an end that completes the instance. */
const MIX = ['pause', 'pause', 'escalate', 'remind', 'offer'];

describe.each(targets)('a timer group finished as a set on $name', (target) => {
  let server: TestServer;
  let world: EngineWorld;

  beforeAll(async () => {
    // No poller of the server's own: each test runs its own, one group size at a time.
    server = await startTestServer(target);
    world = await makeEngineWorld(server.db, 'Acme', 'eng');
    await installWaiting(server.db, world);
  });
  afterAll(async () => server?.close());

  const started = async (processes: string[]) => {
    const ids: string[] = [];
    for (const processId of processes)
      ids.push(
        (
          await startInstance(server.db, {
            domainId: world.domainId,
            applicationId: world.applicationId,
            processId,
            initiatorId: world.users.initiator,
          })
        ).instanceId,
      );
    // Not due until the poller of the test looks.
    await sql`update flow_jobs set due_at = now() + interval '1 hour' where instance_id = any(${ids}::text[])`.execute(
      server.db,
    );
    return ids;
  };

  /** Makes the instances' timers due and fires them with a poller of groups of `group`; answers its groups. */
  const fired = async (ids: string[], group: number) => {
    // Only these: an earlier firing's re-armed reminder waits.
    await sql`update flow_jobs set due_at = now() + interval '1 hour'
      where instance_id is not null and instance_id <> all(${ids}::text[])`.execute(server.db);
    await sql`update flow_jobs set due_at = now() - interval '1 second' where instance_id = any(${ids}::text[])`.execute(
      server.db,
    );
    const groups: Array<{ size: number; fired: number }> = [];
    const poller = startJobPoller(server.db, () => undefined, {
      intervalMs: 60_000,
      group,
      onTrace: (event) => void (event.kind === 'group' && groups.push({ size: event.size, fired: event.fired })),
    });
    try {
      const due = ids.length;
      expect(await eventually(async () => groups.reduce((n, g) => n + g.size, 0) >= due, 10_000)).toBe(true);
    } finally {
      await poller.stop();
    }
    return groups;
  };

  /** What an instance's firing wrote, free of ids and moments. */
  const written = async (id: string) => {
    const instance = await server.db
      .selectFrom('flow_instances')
      .select(['status', 'state_label', 'state_nodes', 'auditor_names', 'completed_at', 'last_actor_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const history = await server.db
      .selectFrom('flow_history')
      .select(['action', 'node_id', 'to_nodes', 'actor_id'])
      .where('instance_id', '=', id)
      .orderBy('id')
      .execute();
    const jobs = await server.db
      .selectFrom('flow_jobs')
      .select(['node_id', 'repeats_left'])
      .where('instance_id', '=', id)
      .execute();
    const tasks = await server.db
      .selectFrom('flow_tasks')
      .select(['node_id', 'status', 'assignee_id'])
      .where('instance_id', '=', id)
      .orderBy('node_id')
      .orderBy('status')
      .execute();
    return { ...instance, completed_at: instance.completed_at !== null, history, jobs, tasks };
  };

  it('writes what one firing at a time writes, for every kind of next node', async () => {
    const together = await started(MIX);
    const alone = await started(MIX);
    expect(await fired(together, 10)).toEqual([{ size: MIX.length, fired: MIX.length }]);
    expect(await fired(alone, 1)).toEqual(MIX.map(() => ({ size: 1, fired: 1 })));
    for (const [i, id] of together.entries()) expect(await written(id)).toEqual(await written(alone[i]));
    // The kinds really differ: a task reached, an escalation, a reminder's end beside its task, a completion.
    expect((await written(together[0])).history.map((h) => `${h.action}:${h.node_id}`)).toEqual([
      'start:s',
      'auto:wait',
    ]);
    expect(await openTaskNodes(server.db, together[2])).toEqual(['boss']);
    expect((await written(together[3])).history.map((h) => `${h.action}:${h.node_id}`)).toEqual([
      'start:s',
      'auto:nudge',
      'auto:note',
      'auto:noted',
    ]);
    expect(await written(together[4])).toMatchObject({ status: 'completed', completed_at: true, state_label: '' });
  });

  it('an instance failing in the group fails alone: the others fire as one at a time would', async () => {
    const together = await started(MIX);
    const alone = await started(MIX);
    // A firing that throws (its node is not in the drawing), among the group's.
    const [broken] = await started(['pause']);
    await sql`update flow_jobs set node_id = 'nowhere' where instance_id = ${broken}`.execute(server.db);
    const groups = await fired([...together, broken], 10);
    expect(groups).toEqual([{ size: MIX.length + 1, fired: MIX.length }]);
    await fired(alone, 1);
    for (const [i, id] of together.entries()) expect(await written(id)).toEqual(await written(alone[i]));
    const failed = await server.db
      .selectFrom('flow_jobs')
      .select(['node_id', 'retries', 'error', 'locked_by'])
      .where('instance_id', '=', broken)
      .executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ node_id: 'nowhere', locked_by: null });
    expect(failed.error).not.toBe('');
    expect((await written(broken)).history.map((h) => `${h.action}:${h.node_id}`)).toEqual(['start:s']);
  });
});
