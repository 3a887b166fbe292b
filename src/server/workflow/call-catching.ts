// Where what a called instance throws out of itself is caught (call-activity.ts): a boundary event of the
// call activity that started it, else of a sub-process around it, level by level up the callers
// (docs/adr/0190-bpmn-errors-walk-up-and-interrupted-calls.md, docs/adr/0195-escalations-walk-up-and-error-data.md).
import type { ProcessDefinition, ProcessNode } from '../../core/workflow/process-types.ts';
import type { Db } from '../db/schema.ts';
import type { Thrown } from './call-links.ts';
import { MAX_CALL_DEPTH, callerGoesOn, callingToken, type CallToken } from './call-caller.ts';
import { setCaughtVariables } from './error-variables.ts';
import { versionById } from './process-versions.ts';
import { boundariesOf, enclosingCatcher } from './scopes.ts';
import { atOfRow, type InstanceState, type WalkState } from './walk-state.ts';

/** Levels of callers an error that nothing catches on the way is looked for in: the call depth bounds
 *  them already; the walk up is bounded on its own too (docs/adr/0190-bpmn-errors-walk-up-and-interrupted-calls.md). */
const MAX_CATCH_LEVELS = MAX_CALL_DEPTH;

/** The boundary event of `call` catching `thrown`: one naming its code first, else one naming none (a
 *  catch-all), as an external task's own boundaries are chosen. */
function boundaryCatching(definition: ProcessDefinition, call: string, thrown: Thrown): ProcessNode | undefined {
  const catching = boundariesOf(definition, call)
    .map((id) => definition.nodes[id])
    .filter((b) => b.catches === thrown.kind);
  return (
    catching.find((b) => b.code !== undefined && b.code === thrown.code) ?? catching.find((b) => b.code === undefined)
  );
}

/** Where what `instance` throws out of itself is caught (docs/adr/0190-bpmn-errors-walk-up-and-interrupted-calls.md,
 *  escalations too since docs/adr/0195-escalations-walk-up-and-error-data.md): from the call activity
 *  that started it outward, level by level, the first boundary event catching it — one of the call
 *  activity's, else one of a sub-process enclosing it in that caller. `first` is the call activity's
 *  token `instance` returns to, `token` the one in the catching caller `callerId`, `level` how many
 *  callers further up than the direct one that is. Undefined when nothing catches it, or a call
 *  activity on the way was left. */
async function catcherAbove(
  trx: Db,
  instance: Pick<InstanceState, 'id' | 'parent_id'>,
  thrown: Thrown,
): Promise<{ first: CallToken; token: CallToken; catcher: ProcessNode; level: number; callerId: string } | undefined> {
  let from = { id: instance.id, parent_id: instance.parent_id ?? null };
  let first: CallToken | undefined;
  for (let level = 0; level < MAX_CATCH_LEVELS && from.parent_id; level++) {
    const token = await callingToken(trx, from.id);
    if (!token) return undefined;
    first ??= token;
    const caller = await trx
      .selectFrom('flow_instances')
      .select(['version_id', 'parent_id'])
      .where('id', '=', from.parent_id)
      .executeTakeFirstOrThrow();
    const { definition } = await versionById(trx, caller.version_id);
    const call = definition.nodes[token.node_id];
    const catcher =
      boundaryCatching(definition, call.id, thrown) ??
      enclosingCatcher(definition, call, thrown.kind, thrown.code)?.catcher;
    if (catcher) return { first, token, catcher, level, callerId: from.parent_id };
    from = { id: from.parent_id, parent_id: caller.parent_id };
  }
  return undefined;
}

export async function callerCatches(trx: Db, instance: Pick<InstanceState, 'id' | 'parent_id'>, thrown: Thrown) {
  return (await catcherAbove(trx, instance, thrown)) !== undefined;
}

export async function thrownToCaller(walk: WalkState, thrown: Thrown): Promise<boolean> {
  const found = await catcherAbove(walk.trx, walk.instance, thrown);
  if (!found) return false;
  const { first, token, catcher, level, callerId } = found;
  if (catcher.interrupting) {
    // This instance ends; its caller goes on from the boundary when it is its call activity's, else
    // its call activity passes it on (`returned`), level by level.
    walk.thrownTo = level === 0 && catcher.attachedTo === first.node_id ? catcher.id : first.node_id;
    walk.thrown = thrown;
  }
  // A non-interrupting escalation: the catching caller also takes the boundary's path; this instance
  // (and those between) run on.
  else
    await callerGoesOn(walk, {
      token,
      nodeId: catcher.id,
      level,
      callerId,
      before: (caller) =>
        setCaughtVariables(
          {
            trx: walk.trx,
            instance: caller.instance,
            definition: caller.definition,
            at: atOfRow(token),
            seen: caller.variables(),
          },
          catcher,
          thrown,
        ),
    });
  return true;
}
