// Embedded sub-processes with input/output mappings (docs/adr/0221-sub-process-variable-scopes.md): such a
// sub-process is a scope of its own. Its inputs, evaluated where it stands when it is entered, are its
// local variables, kept on a token standing at the sub-process (`flow_tokens.locals`) while it runs;
// everything inside reads them over the outer variables, and a variable set inside whose name the scope
// holds stays there (the vendors propagate a variable only up to the nearest scope that has it). When
// it completes, its outputs are evaluated over its scope and set where it stands, and its token goes.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { ProcessDefinition, ProcessNode } from '../../core/workflow/process-definition.ts';
import type { IoMappings } from '../../core/workflow/process-types.ts';
import { AppError } from '../http/app-error.ts';
import { loopOf } from './loop-of.ts';
import { inputLocals, outputValues } from './task-locals.ts';
import { atColumns, atOf, tokensAt, type LoopAt, type ScopeFrame, type WalkState as Walk } from './walk-state.ts';

const aroundOf = new WeakMap<ProcessDefinition, Map<string, string[]>>();

/** The sub-processes with mappings a node is drawn in, innermost first (none for most definitions). */
export function mappedScopesAround(definition: ProcessDefinition, nodeId: string): string[] {
  let byNode = aroundOf.get(definition);
  if (!byNode) {
    aroundOf.set(definition, (byNode = new Map()));
    for (const node of Object.values(definition.nodes)) {
      const around: string[] = [];
      for (let at = node.parent; at; at = definition.nodes[at]?.parent) if (definition.nodes[at]?.io) around.push(at);
      if (around.length > 0) byNode.set(node.id, around);
    }
  }
  return byNode.get(nodeId) ?? [];
}

/** Where the token of `scope` stands for a node inside it at `at`: the instance of the multi-instance
 *  sub-process(es) the scope itself is drawn in. */
function scopeAt(definition: ProcessDefinition, scope: string, at: LoopAt | undefined): LoopAt | undefined {
  const loop = loopOf(definition, scope);
  if (!loop || !at) return undefined;
  return loopOf(definition, loop) && at.inner !== undefined
    ? { index: at.index, inner: at.inner }
    : { index: at.index };
}

interface ScopeRow {
  id: string;
  node_id: string;
  loop_index: number | null;
  inner_index: number | null;
  locals: Record<string, unknown> | null;
}

/** The tokens of the mapped scopes around `nodeId` at `at`, innermost first (absent: none stands, after an
 *  intervention placed a path inside). */
async function scopeRows(
  trx: Walk['trx'],
  definition: ProcessDefinition,
  instanceId: string,
  nodeId: string,
  at: LoopAt | undefined,
): Promise<Array<{ scope: string; row?: ScopeRow }>> {
  const around = mappedScopesAround(definition, nodeId);
  if (around.length === 0) return [];
  const rows = await trx
    .selectFrom('flow_tokens')
    .select(['id', 'node_id', 'loop_index', 'inner_index', 'locals'])
    .where('instance_id', '=', instanceId)
    .where('node_id', 'in', around)
    .execute();
  return around.map((scope) => {
    const where = scopeAt(definition, scope, at);
    const row = rows.find(
      (r) =>
        r.node_id === scope &&
        (r.loop_index ?? undefined) === where?.index &&
        (r.inner_index ?? undefined) === where?.inner,
    );
    return { scope, ...(row ? { row } : {}) };
  });
}

/** The frames of the mapped scopes a node at `at` is in, read from their tokens (none outside every one). */
export async function readScopes(
  trx: Walk['trx'],
  definition: ProcessDefinition,
  instanceId: string,
  nodeId: string,
  at: LoopAt | undefined,
): Promise<ScopeFrame | undefined> {
  let frame: ScopeFrame | undefined;
  for (const { scope, row } of (await scopeRows(trx, definition, instanceId, nodeId, at)).reverse())
    frame = { scope, locals: row?.locals ?? {}, ...(frame ? { outer: frame } : {}) };
  return frame;
}

/** Runs `work` with the walk in `scopes`. */
export async function inScopes(walk: Walk, scopes: ScopeFrame | undefined, work: () => Promise<void>): Promise<void> {
  const outer = walk.scopes;
  walk.scopes = scopes;
  try {
    await work();
  } finally {
    walk.scopes = outer;
  }
}

/** A mapped sub-process is entered: its inputs are evaluated where it stands and kept on its token, and
 *  the walk goes on inside (`work`) with them. */
export async function enterScope(walk: Walk, node: ProcessNode, work: () => Promise<void>): Promise<void> {
  const locals = inputLocals(node, walk.variables()) ?? {};
  await walk.trx
    .insertInto('flow_tokens')
    .values({
      id: randomUUID(),
      instance_id: walk.instance.id,
      node_id: node.id,
      state: 'active',
      via_flow: null,
      created_at: walk.action.at,
      locals: JSON.stringify(locals),
      ...atColumns(atOf(walk.loop)),
    })
    .execute();
  return inScopes(walk, { scope: node.id, locals, ...(walk.scopes ? { outer: walk.scopes } : {}) }, work);
}

/** The token of a mapped sub-process goes (it completed, or an event interrupted it); answers its locals. */
export async function dropScope(walk: Walk, scope: string, at: LoopAt | undefined): Promise<Record<string, unknown>> {
  let gone = walk.trx
    .deleteFrom('flow_tokens')
    .where('instance_id', '=', walk.instance.id)
    .where('node_id', '=', scope);
  gone = at ? gone.where(tokensAt(at)) : gone.where('loop_index', 'is', null);
  const row = await gone.returning('locals').executeTakeFirst();
  return row?.locals ?? {};
}

/** A mapped sub-process completed (the walk stands outside it, at `at`): its token goes, and its outputs,
 *  evaluated over its scope, are answered to be set where it stands. */
export async function leaveScope(
  walk: Walk,
  scope: string,
  io: IoMappings,
  at: LoopAt | undefined,
): Promise<Record<string, unknown>> {
  const locals = await dropScope(walk, scope, at);
  return outputValues(io, { ...walk.variables(), ...locals });
}

/** Of `values` set at `nodeId` (at `at`), those whose name a mapped scope around it holds are set there
 *  (the innermost holding it), also in the walk's `scopes` when it goes on there; answers the rest. */
export async function keepInScopes(
  trx: Walk['trx'],
  instanceId: string,
  definition: ProcessDefinition,
  nodeId: string,
  at: LoopAt | undefined,
  values: Record<string, unknown>,
  scopes?: ScopeFrame,
): Promise<Record<string, unknown>> {
  let rest = values;
  for (const { scope, row } of await scopeRows(trx, definition, instanceId, nodeId, at)) {
    const own = row?.locals ?? {};
    const held = Object.fromEntries(Object.entries(rest).filter(([name]) => Object.hasOwn(own, name)));
    if (!row || Object.keys(held).length === 0) continue;
    await trx
      .updateTable('flow_tokens')
      .set({ locals: sql`locals || ${JSON.stringify(held)}::jsonb` })
      .where('id', '=', row.id)
      .execute();
    for (let f = scopes; f; f = f.outer) if (f.scope === scope) f.locals = { ...f.locals, ...held };
    rest = Object.fromEntries(Object.entries(rest).filter(([name]) => !Object.hasOwn(held, name)));
  }
  return rest;
}

const mappedOf = new WeakMap<ProcessDefinition, string[]>();

/** A submission taken back (actions.ts `retract`, its action's moment `at`): one that completed a mapped
 *  sub-process set its outputs and dropped its scope, so it is refused; the scope of one it entered goes
 *  with what it started. */
export async function retractScopes(trx: Walk['trx'], definition: ProcessDefinition, instanceId: string, at: Date) {
  let mapped = mappedOf.get(definition);
  if (!mapped)
    mappedOf.set(
      definition,
      (mapped = Object.values(definition.nodes)
        .filter((n) => n.kind === 'subprocess' && n.io)
        .map((n) => n.id)),
    );
  if (mapped.length === 0) return;
  const left = await trx
    .selectFrom('flow_history')
    .select('id')
    .where('instance_id', '=', instanceId)
    .where('action', '=', 'auto')
    .where('node_id', 'in', mapped)
    .where('at', '=', at)
    .executeTakeFirst();
  if (left) throw new AppError('conflict', undefined, 'workflow.msg.retractScopeLeft');
  await trx
    .deleteFrom('flow_tokens')
    .where('instance_id', '=', instanceId)
    .where('node_id', 'in', mapped)
    .where('created_at', '=', at)
    .execute();
}
