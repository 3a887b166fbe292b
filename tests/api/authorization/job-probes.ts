// Probes of flow monitoring's job actions (docs/adr/0140-jobs-in-flow-monitoring.md): the path names a
// job, not a target, so each probe makes its own job on a new instance of the target tenant's process —
// an incident to retry, and one of two events a token waits for, which the instance can do without,
// to cancel. The rows are written as the engine writes them (external-tasks.ts, enter-wait.ts).
import { randomUUID } from 'node:crypto';
import type { Probe } from './derived-probes.ts';
import type { Tenant, World } from './fixtures.ts';
import { runtimeFixture } from './runtime-fixture.ts';

/** A job on the token of a new instance of the tenant's process; `twice`: a second one beside it. */
async function freshJob(world: World, t: Tenant, { failed, twice }: { failed: boolean; twice: boolean }) {
  const { db } = world.server;
  const instanceId = await (await runtimeFixture(world, t.slug)).instance('started');
  const token = await db
    .selectFrom('flow_tokens')
    .select('id')
    .where('instance_id', '=', instanceId)
    .executeTakeFirstOrThrow();
  const job = (id: string, topic: string) => ({
    id,
    instance_id: instanceId,
    token_id: token.id,
    node_id: 'one',
    kind: 'message',
    topic,
    retries: failed ? 0 : 3,
    failed_at: failed ? new Date() : null,
    error: failed ? 'matrix' : '',
  });
  const id = randomUUID();
  await db
    .insertInto('flow_jobs')
    .values(twice ? [job(id, 'matrix-a'), job(randomUUID(), 'matrix-b')] : [job(id, 'matrix-a')])
    .execute();
  return id;
}

export const JOB_PROBES: Record<string, Probe> = {
  'flows.retryJob': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/domain/workflow/jobs/${await freshJob(world, t, { failed: true, twice: false })}/retry`,
    }),
  },
  'flows.cancelJob': {
    scope: 'tenant',
    request: async (world, _c, t) => ({
      path: `/authtime/domain/workflow/jobs/${await freshJob(world, t, { failed: false, twice: true })}`,
    }),
  },
};
