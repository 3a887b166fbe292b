// Probes of the start timers' platform actions (docs/adr/0171-start-timers-platform-actions.md): the path
// names a start timer, so each probe arms one of its own on the target tenant's application — failed for
// a retry, suspended for a resume — as armStartTimers and the poller write them. Probed at both tenants'
// applications, so a tenant's administrator is shown refused at its own enterprise's software as at
// another's.
import { randomUUID } from 'node:crypto';
import type { Probe } from './derived-probes.ts';
import type { Tenant, World } from './fixtures.ts';

async function freshStartTimer(world: World, t: Tenant, { failed = false, suspended = false } = {}) {
  const id = randomUUID();
  await world.server.db
    .insertInto('flow_jobs')
    .values({
      id,
      application_id: t.applicationId,
      process_id: 'matrix-start',
      node_id: 'start',
      kind: 'timer',
      topic: JSON.stringify({ cycle: 'R/PT24H' }),
      due_at: new Date(Date.now() + 86_400_000),
      retries: failed ? 0 : 3,
      failed_at: failed ? new Date() : null,
      error: failed ? 'matrix' : '',
      suspended_at: suspended ? new Date() : null,
    })
    .execute();
  return id;
}

const at = (path: (id: string) => string, state?: { failed?: boolean; suspended?: boolean }): Probe => ({
  scope: 'tenant',
  request: async (world, _c, t) => ({ path: path(await freshStartTimer(world, t, state)) }),
});

export const START_TIMER_PROBES: Record<string, Probe> = {
  'applications.retryStartTimer': at((id) => `/authtime/applications/start-timers/${id}/retry`, { failed: true }),
  'applications.suspendStartTimer': at((id) => `/authtime/applications/start-timers/${id}/suspend`),
  'applications.resumeStartTimer': at((id) => `/authtime/applications/start-timers/${id}/resume`, { suspended: true }),
  'applications.cancelStartTimer': at((id) => `/authtime/applications/start-timers/${id}`),
};
