// A message correlated to the instance that waits for it (docs/adr/0126-timers-and-messages.md): the
// oldest wait for that message name of the instance named (by id or business key) among a process's
// instances in an enterprise — an intermediate catch event, an event after an event-based gateway, a
// boundary event — takes it and the instance goes on with the message's variables. Taking the wait
// deletes it in the instance's locked action, so a message is taken once however many servers receive it.
// Inside a multi-instance sub-process, local correlation keys (its element variable, loopCounter) name
// the instance whose wait takes it (docs/adr/0167-multi-instance-cardinality-waits-and-joins.md). A
// correlation key reaches only the waits that kept it when they opened (Camunda 8's subscriptions,
// docs/adr/0245-zeebe-correlation-keys.md); a wait whose key could not be evaluated is an incident that
// no message reaches until a governor's retry keys it.
import type { NotNull } from 'kysely';
import type { ActionResult } from '../action-steps.ts';
import type { Db } from '../../db/schema.ts';
import { instanceMatches } from '../loop-scopes.ts';
import { onRunningInstance, resume, takeJob } from './resume.ts';

export interface MessageTarget {
  domainId: string;
  applicationId: string;
  processId: string;
  messageName: string;
  instanceId?: string;
  businessKey?: string;
  /** The key the wait kept (docs/adr/0245-zeebe-correlation-keys.md). */
  correlationKey?: string;
  /** Values of the element variable or loopCounter naming one instance of a multi-instance sub-process (0167). */
  localKeys?: Record<string, unknown>;
}

/** The waits for the message, oldest first (at most a few: a race for the first is retried with the next). */
function waitsFor(db: Db, target: MessageTarget) {
  let query = db
    .selectFrom('flow_jobs as j')
    .innerJoin('flow_instances as i', 'i.id', 'j.instance_id')
    .select(['j.id', 'j.instance_id', 'j.token_id', 'j.node_id'])
    .where('j.kind', '=', 'message')
    .where('j.topic', '=', target.messageName)
    .where('j.failed_at', 'is', null)
    .where('i.domain_id', '=', target.domainId)
    .where('i.application_id', '=', target.applicationId)
    .where('i.process_id', '=', target.processId);
  if (target.instanceId !== undefined) query = query.where('i.id', '=', target.instanceId);
  if (target.businessKey !== undefined) query = query.where('i.business_key', '=', target.businessKey);
  if (target.correlationKey !== undefined) query = query.where('j.correlation_key', '=', target.correlationKey);
  // Waits told apart by local keys are among one instance's many: all of them are looked at.
  const limit = target.localKeys ? 500 : 5;
  return query
    .$narrowType<{ instance_id: NotNull; token_id: NotNull }>()
    .orderBy('j.created_at')
    .limit(limit)
    .execute();
}

/** Delivers the message; null when no instance waits for it. */
export async function correlateMessage(
  db: Db,
  target: MessageTarget,
  actorId: string,
  variables?: Record<string, unknown>,
): Promise<ActionResult | null> {
  for (const wait of await waitsFor(db, target)) {
    const result = await onRunningInstance(db, wait.instance_id, async (trx, state, definition, at) => {
      if (target.localKeys && !(await instanceMatches(trx, definition, wait, target.localKeys))) return null;
      const job = await takeJob(trx, wait.id);
      return job ? resume(trx, state, definition, at, job, { actorId, variables }) : null;
    });
    if (result) return result;
  }
  return null;
}
