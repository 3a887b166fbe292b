// A token arriving where the instance waits for something outside a user's action
// (docs/adr/0126-timers-and-messages.md, docs/adr/0127-jobs-and-external-tasks.md): it stays on the node, and
// the jobs it waits on are written beside it — a catch event's timer or message, one per event after an
// event-based gateway (the first to fire wins: the others go with the token), an external task for its
// workers, and the timers and messages of an activity's boundary events. One statement writes them all.
import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { ProcessDefinition, ProcessNode } from '../../../core/workflow/process-types.ts';
import type { Db, FlowJobs } from '../../db/schema.ts';
import { atColumns, type LoopAt } from '../walk-state.ts';
import { armedTimer } from './timer-due.ts';
import { keyIncident, timerIncident } from './timer-incidents.ts';
import { correlationKey } from './correlation-keys.ts';
import { inputLocals, localsColumn } from '../task-locals.ts';

export interface WaitContext {
  trx: Db;
  instance: { id: string; domain_id: string };
  definition: ProcessDefinition;
  at: Date;
  /** The instance of a multi-instance sub-process the wait is in (docs/adr/0167-multi-instance-cardinality-waits-and-joins.md,
   *  docs/adr/0197-multi-instance-sub-processes-nested.md). */
  loopAt?: LoopAt | undefined;
  /** The variables a timer's expression (docs/adr/0217-feel-temporal-and-built-in-functions.md) and a
   *  message's correlation key (docs/adr/0245-zeebe-correlation-keys.md) read. */
  variables?: Record<string, unknown>;
}

/** A message wait's correlation key, evaluated over the variables where the event stands as the wait
 *  opens (docs/adr/0245-zeebe-correlation-keys.md); one that gives no key is an incident, the token waiting. */
function keyed(ctx: WaitContext, event: { correlationKey?: string }) {
  if (!event.correlationKey) return {};
  const found = correlationKey(event.correlationKey, ctx.variables ?? {});
  return 'key' in found ? { correlation_key: found.key } : keyIncident(found.unusable, ctx.at);
}

/** Jobs of the events `eventIds` for a token (catch events, boundary events). */
async function eventJobs(
  ctx: WaitContext,
  tokenId: string,
  eventIds: readonly string[],
): Promise<Insertable<FlowJobs>[]> {
  const jobs: Insertable<FlowJobs>[] = [];
  for (const id of eventIds) {
    const event = ctx.definition.nodes[id].event;
    const base = { id: randomUUID(), instance_id: ctx.instance.id, token_id: tokenId, node_id: id, created_at: ctx.at };
    if (event?.type === 'timer') {
      const armed = await armedTimer(ctx.trx, ctx.instance.domain_id, event.timer, ctx.at, ctx.variables);
      // An expression that gives nothing usable: an incident, the token waiting (timer-incidents.ts).
      if ('unusable' in armed)
        jobs.push({ ...base, kind: 'timer', due_at: ctx.at, ...timerIncident(armed.unusable, ctx.at) });
      else jobs.push({ ...base, kind: 'timer', due_at: armed.due, repeats_left: armed.repeatsLeft });
    } else if (event?.type === 'message')
      jobs.push({ ...base, kind: 'message', topic: event.message, ...keyed(ctx, event) });
  }
  return jobs;
}

/** Writes the token that waits at `node` (a catch event, an event-based gateway, an external task or a
 *  call activity), with an external task's local variables (task-locals.ts), and its jobs; answers the token's id. */
export async function enterWait(
  ctx: WaitContext,
  node: ProcessNode,
  locals?: Record<string, unknown>,
): Promise<string> {
  const token = {
    id: randomUUID(),
    instance_id: ctx.instance.id,
    node_id: node.id,
    state: 'active' as const,
    via_flow: null,
    created_at: ctx.at,
    ...atColumns(ctx.loopAt),
    ...localsColumn(locals),
  };
  const targets =
    node.kind === 'eventGateway'
      ? node.outgoing.map((f) => ctx.definition.flows[f].target)
      : node.kind === 'catch'
        ? [node.id]
        : [];
  const jobs = await eventJobs(ctx, token.id, [...targets, ...(node.boundaries ?? [])]);
  if (node.kind === 'external')
    jobs.push({
      id: randomUUID(),
      instance_id: ctx.instance.id,
      token_id: token.id,
      node_id: node.id,
      kind: 'external',
      topic: node.topic!,
      retries: node.retries ?? 3,
      created_at: ctx.at,
    });
  const write = ctx.trx.with('token', (db) => db.insertInto('flow_tokens').values(token));
  if (jobs.length === 0) await ctx.trx.insertInto('flow_tokens').values(token).execute();
  else await write.insertInto('flow_jobs').values(jobs).execute();
  return token.id;
}

/** The jobs of an approval's boundary events, for the token just put on it. */
export async function armBoundaries(ctx: WaitContext, node: ProcessNode, tokenId: string): Promise<void> {
  const jobs = await eventJobs(ctx, tokenId, node.boundaries ?? []);
  if (jobs.length > 0) await ctx.trx.insertInto('flow_jobs').values(jobs).execute();
}

/** A token arrives at an intermediate catch event (docs/adr/0238-catch-event-input-mappings.md): with
 *  inputs, they are evaluated where it stands and kept on its token, and its timer is armed over them,
 *  as both vendors apply an event's inputs before its wait; its outputs read them when it fires (resume.ts). */
export function enterCatch(walk: { waitContext(): WaitContext }, node: ProcessNode): Promise<string> {
  const ctx = walk.waitContext();
  const locals = inputLocals(node, ctx.variables ?? {});
  return enterWait(locals ? { ...ctx, variables: { ...ctx.variables, ...locals } } : ctx, node, locals);
}
