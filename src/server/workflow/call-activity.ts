// Call activities (docs/adr/0139-call-activities-and-conditional-events.md): the called process of the same application runs
// as an instance of its own, linked to its caller (`parent_id`) and to the token that waits on the call
// activity (`parent_token_id`). It starts in the caller's action; when an action leaves no token in it,
// its caller goes on after the call activity with the variables mapped out (in memory when both run in
// one action, else with the caller's row locked, as any action). An error or escalation its drawing does
// not catch (thrown by an end event, or a worker's BPMN error, docs/adr/0189-bpmn-errors-cross-call-activities.md)
// goes to a boundary event of the call activity that names it (or any); one none of them catches goes
// further out, level by level, each call activity passing it on in its own caller
// (docs/adr/0190-bpmn-errors-walk-up-and-interrupted-calls.md; escalations too,
// docs/adr/0195-escalations-walk-up-and-error-data.md). A call activity left otherwise
// (an interrupting boundary, a terminate end, sending back, an intervention, the caller deleted) deletes
// the instances it called, and theirs. Registered in call-links.ts; imported once by app.ts.
import { randomUUID } from 'node:crypto';
import type { CallSpec, ProcessNode, VariableMapping } from '../../core/workflow/process-types.ts';
import { AppError } from '../http/app-error.ts';
import { finish, record } from './action-steps.ts';
import { callerGoesOn, callingToken, MAX_CALL_DEPTH, type CallToken } from './call-caller.ts';
import { cancelOrphans } from './call-cancel.ts';
import { callerCatches, thrownToCaller } from './call-catching.ts';
import { setCaughtVariables } from './error-variables.ts';
import { linkCalls } from './call-links.ts';
import { requireApproversSet } from './node-approvers.ts';
import { currentVersion } from './process-versions.ts';
import { completedVariables, inputLocals } from './task-locals.ts';
import { keepInInstance } from './variable-homes.ts';
import { noteInterruptedStep, thrownFrom } from './scopes.ts';
import { enterWait } from './waits/enter-wait.ts';
import { Walk } from './walk.ts';
import { atOf, atOfRow, type InstanceState, type WalkState } from './walk-state.ts';

/** The variables `mappings` copy (every one of `all` first), each from `from(mapping)`. */
function mapped(
  all: Record<string, unknown> | undefined,
  mappings: readonly VariableMapping[],
  from: (m: VariableMapping) => Record<string, unknown>,
) {
  const into: Record<string, unknown> = { ...all };
  for (const m of mappings) {
    const source = from(m);
    if (m.source in source) into[m.target] = source[m.source];
  }
  return into;
}

/** What goes into the called instance: the variables where the call activity stands with its own (its
 *  input parameters, docs/adr/0226-call-activity-input-output-parameters.md) over them, or with `local`
 *  its own alone. */
function passedIn(call: CallSpec, seen: Record<string, unknown>, own: Record<string, unknown>) {
  const scope = { ...seen, ...own };
  return mapped(call.inAll ? scope : call.inAllLocal ? own : undefined, call.in, (m) => (m.local ? own : scope));
}

/** What the called instance's variables `done` bring back: `up` set in the caller, `own` the call activity's
 *  own (`local`, docs/adr/0226-call-activity-input-output-parameters.md). */
function passedOut(call: CallSpec, done: Record<string, unknown>) {
  const of = (local: boolean) =>
    mapped(
      (local ? call.outAllLocal : call.outAll) ? done : undefined,
      call.out.filter((m) => (m.local ?? false) === local),
      () => done,
    );
  return { up: of(false), own: of(true) };
}

async function enter(walk: WalkState, node: ProcessNode): Promise<void> {
  const { trx, instance: caller, action } = walk;
  const call = node.call as CallSpec;
  // Inside a multi-instance sub-process the token is the instance's, and the called process sees the
  // instance's element (docs/adr/0178-interrupted-sub-processes-multi-instance-calls-messages.md).
  // Camunda 7's input parameters are the call activity's own variables, kept on its token.
  const own = inputLocals(node, walk.variables());
  const tokenId = await enterWait(
    {
      trx,
      instance: caller,
      definition: walk.definition,
      at: action.at,
      loopAt: atOf(walk.loop),
      variables: walk.variables(),
    },
    node,
    own,
  );
  const above = await trx
    .selectFrom('flow_instances')
    .select(['call_depth', 'business_key'])
    .where('id', '=', caller.id)
    .executeTakeFirstOrThrow();
  if (above.call_depth + 1 >= MAX_CALL_DEPTH)
    throw new AppError('conflict', { name: node.name, max: MAX_CALL_DEPTH }, 'workflow.msg.callTooDeep');
  const version = await currentVersion(trx, caller.application_id, call.process);
  const scope = { domainId: caller.domain_id, applicationId: caller.application_id, processId: call.process };
  await requireApproversSet(trx, scope, version.definition);
  const state: InstanceState = {
    id: randomUUID(),
    domain_id: caller.domain_id,
    application_id: caller.application_id,
    initiator_id: caller.initiator_id,
    status: 'running',
    form_data: passedIn(call, walk.variables(), own ?? {}),
    parent_id: caller.id,
  };
  await trx
    .insertInto('flow_instances')
    .values({
      id: state.id,
      domain_id: state.domain_id,
      application_id: state.application_id,
      process_id: call.process,
      version_id: version.id,
      title: version.definition.name,
      form_data: JSON.stringify(state.form_data),
      status: 'running',
      initiator_id: state.initiator_id,
      last_actor_id: state.initiator_id,
      business_key: call.businessKey ? above.business_key : null,
      parent_id: caller.id,
      parent_token_id: tokenId,
      call_depth: above.call_depth + 1,
      started_at: action.at,
      updated_at: action.at,
    })
    .execute();
  const started = await record(trx, action.at, state.id, state.initiator_id, 'start', version.definition.start);
  const called = new Walk(trx, state, version.definition, started);
  called.caller = walk;
  called.nested = true;
  await called.leave(version.definition.start);
  await finish(trx, state, called, started, state.initiator_id);
}

async function returned(walk: WalkState): Promise<void> {
  const { trx, instance, thrown } = walk;
  const token = await callingToken(trx, instance.id);
  if (!token) return; // the call activity was left meanwhile
  // Done before the caller's action settles, which would otherwise take it for one to delete.
  await trx.updateTable('flow_instances').set({ status: 'completed' }).where('id', '=', instance.id).execute();
  const dropToken = async () => void (await trx.deleteFrom('flow_tokens').where('id', '=', token.id).execute());
  if (walk.thrownTo === token.node_id && thrown) {
    // An error no boundary of the call activity catches but something further out does
    // (docs/adr/0190-bpmn-errors-walk-up-and-interrupted-calls.md): the call activity is interrupted
    // and, in the caller, the error goes on from it as from a worker's error at a task.
    await callerGoesOn(walk, {
      token,
      nodeId: token.node_id,
      before: dropToken,
      entry: 'interrupted',
      onward: (caller) => thrownFrom(caller, caller.definition.nodes[token.node_id], thrown),
    });
    return;
  }
  const { thrownTo } = walk;
  if (thrownTo) {
    // Left by an interrupting boundary event: interrupted, not completed (0190); no output parameter is set.
    await callerGoesOn(walk, {
      token,
      nodeId: thrownTo,
      before: async (caller) => {
        await dropToken();
        await noteInterruptedStep(caller, token.node_id);
        const boundary = caller.definition.nodes[thrownTo];
        const { definition } = caller;
        // Camunda 7 maps `camunda:out` back when a boundary of the call activity catches the called
        // instance's BPMN error, before the error's own variables (docs/adr/0233-multi-instance-sub-process-mappings.md).
        const call = definition.nodes[token.node_id].call;
        if (thrown?.kind === 'error' && boundary.attachedTo === token.node_id && call?.outOnError) {
          // A name the call activity holds (its input parameters) stays its own and goes with it (0226).
          const held = token.locals ?? {};
          const { up } = passedOut(call, instance.form_data);
          const out = Object.fromEntries(Object.entries(up).filter(([name]) => !Object.hasOwn(held, name)));
          await keepInInstance(trx, caller.instance, definition, token.node_id, atOfRow(token), out);
        }
        const where = { trx, instance: caller.instance, definition, at: atOfRow(token), seen: caller.variables() };
        if (thrown) await setCaughtVariables(where, boundary, thrown);
      },
    });
    return;
  }
  await callerGoesOn(walk, {
    token,
    nodeId: token.node_id,
    before: dropToken,
    // In the caller's instance and scopes where the call activity stands (inLoopOf), which its output
    // parameters read.
    onward: async (caller) => {
      await mappedBack(caller, token, instance.form_data);
      return caller.leave(token.node_id);
    },
  });
}

/** The called instance completed with `done` its variables: what `camunda:out` maps back is set as a
 *  variable set at the call activity is (an enclosing mapped scope or multi-instance instance holding the
 *  name, docs/adr/0212-multi-instance-sub-process-outputs.md, else the process), or with `local` is the
 *  call activity's own; with input/output parameters, a name it holds stays its own and its output
 *  parameters, evaluated over its own variables, are set the same way, as a Camunda 7 task's are
 *  (task-locals.ts, docs/adr/0226-call-activity-input-output-parameters.md). */
async function mappedBack(caller: WalkState, token: CallToken, done: Record<string, unknown>): Promise<void> {
  const node = caller.definition.nodes[token.node_id];
  const { up, own } = passedOut(node.call!, done);
  const values = node.io ? completedVariables(node.io, caller.variables(), { ...token.locals, ...own }, up) : up;
  const { trx, instance, definition, loop, scopes } = caller;
  await keepInInstance(trx, instance, definition, token.node_id, atOfRow(token), values, loop, scopes);
}

linkCalls({ enter, returned, thrownToCaller, callerCatches, cancelOrphans });
