// How an instance moves inside one action (docs/adr/0044-engine-state-in-tables.md): from a node left behind along its flows, through the
// nodes the engine runs itself (auto tasks, gateways) until every path stops at an approval (a token
// and its approvers' tasks), waits at a parallel join, or reaches an end. Runs inside the action's
// transaction, with the instance's row locked.
import { randomUUID } from 'node:crypto';
import { evaluateRule } from '../../core/rules.ts';
import type { ApproverRule, ProcessDefinition, ProcessNode } from '../../core/workflow/process-definition.ts';
import type { Db } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { databaseRule, resolveApprovers, type ApproverContext } from './approvers.ts';
import { setApprovers } from './node-approvers.ts';
import {
  atColumns,
  atOf,
  frameVariables,
  joinKey,
  joinOfKey,
  scopedVariables,
  tokensAt,
  type ActionStamp,
  type InstanceState,
  type LoopEnd,
  type LoopFrame,
  type NewTasks,
  type ScopeFrame,
  type Thrown,
  type WalkState,
} from './walk-state.ts';
import { openTasks, openTasksFor } from './open-tasks.ts';
import { inclusiveBranches, inclusiveJoinsWaiting } from './inclusive-gateway.ts';
import { approverInputs, cardinalityOf, firstInstances } from './multi-instance.ts';
import { openElementTasks } from './multi-instance-assignees.ts';
import {
  boundariesOf,
  endReached,
  enterSubProcess,
  escalationThrown,
  noteStep,
  settleScopes,
  outsideTerminated,
} from './scopes.ts';
import { enterLoop, inLoopOf, settleLoops } from './loop-scopes.ts';
import { leaveMappedScope, runMappedStep } from './variable-homes.ts';
import { armBoundaries, enterWait, type WaitContext } from './waits/enter-wait.ts';
import { callLinks } from './call-links.ts';
import { enterConditional, fireConditions } from './conditions.ts';
import { inputLocals, localsColumn, tokenInputs } from './task-locals.ts';

export type { ActionStamp, InstanceState, NewTasks } from './walk-state.ts';

const nodeNamesOf = new WeakMap<ProcessDefinition, string>();

/** Flows one action may follow. The install refuses loops without an approval (engine-cycles.ts); this
 *  bounds what a definition stored before that check, or a check's gap, would do: a clear refusal, not a
 *  5xx from the stack a loop of gateways builds (0086-gateway-cycles.md). */
export const MAX_WALK_STEPS = 1000;

/** A node's name after those of the sub-processes it is drawn in ("Check supplier › Check documents"). */
function levelName(definition: ProcessDefinition, node: ProcessNode): string {
  const parent = node.parent && definition.nodes[node.parent];
  return parent ? `${levelName(definition, parent)} › ${node.name}` : node.name;
}

export class Walk implements WalkState {
  /** The approvals reached in this action and who got a task at each. */
  readonly reached: NewTasks = new Map();
  /** The end events reached in this action (the history's `complete` names the last). */
  readonly ended: string[] = [];
  /** The next nodes the acting user chose, for the choice gateways the action passes. */
  choice?: readonly string[];
  /** Parallel and inclusive joins a token reached in this action that may still wait for another branch. */
  readonly waitingJoins = new Set<string>();
  /** Sub-processes an end inside was reached in, this action: left once no token stands inside (scopes.ts). */
  readonly scopesToSettle = new Set<string>();
  /** Levels a terminate end or an interrupting boundary event emptied in this action ('' the process's
   *  own): a branch walked after it puts no token there. */
  readonly terminated = new Set<string>();
  loop?: LoopFrame;
  scopes?: ScopeFrame;
  /** The local variables of the task the action completes, while its completion is decided (task-locals.ts). */
  locals?: Record<string, unknown> | null;
  readonly loopEnds: LoopEnd[] = [];
  caller?: WalkState;
  thrownTo?: string;
  thrown?: Thrown;
  endedBy?: 'interrupted';
  /** A walk whose `finish` is not its unit's last statement (a called instance's, or a caller's resumed
   *  from it): it carries no commit. */
  nested = false;
  /** Flows followed in this action. */
  private steps = 0;

  constructor(
    readonly trx: Db,
    readonly instance: InstanceState,
    readonly definition: ProcessDefinition,
    readonly action: ActionStamp,
  ) {}

  /** Runs an auto task reached otherwise than by a flow (an intervention) and goes on from it. */
  async runAuto(node: ProcessNode): Promise<void> {
    await this.trx
      .insertInto('flow_history')
      .values({ instance_id: this.instance.id, action: 'auto', node_id: node.id, at: this.action.at })
      .execute();
    await runMappedStep(this, node);
    return this.leave(node.id);
  }

  /** Follows every flow out of `nodeId` (a node just completed, or the start). */
  async leave(nodeId: string): Promise<void> {
    const node = this.node(nodeId);
    if (node.kind === 'exclusive') return this.take(this.branchOf(node));
    const flows =
      node.kind === 'inclusive' ? inclusiveBranches(this.definition, node, this.variables()) : node.outgoing;
    for (const flow of flows) await this.take(flow);
  }

  /** Puts a token on an approval and gives each of its approvers a task: those its rules name, or the
   *  users an intervention chose. */
  async enterApproval(node: ProcessNode, chosen?: readonly string[]): Promise<void> {
    // Its input mappings are its own variables, which its approvers' rules see (task-locals.ts); a
    // multi-instance approval's are each inner instance's, on its task.
    const locals = tokenInputs(node, this.variables());
    const seen = this.approverContext();
    const context = locals ? { ...seen, form: { ...seen.form, ...locals } } : seen;
    const token = {
      id: randomUUID(),
      instance_id: this.instance.id,
      node_id: node.id,
      state: 'active' as const,
      via_flow: null,
      created_at: this.action.at,
      ...atColumns(atOf(this.loop)),
      ...localsColumn(locals),
    };
    const task = { token_id: token.id, node_id: node.id, created_by_action: this.action.id };
    const rules = await this.approverRules(node);
    // A multi-instance approval counts its instances, so its approvers are resolved first (multi-instance.ts).
    const rule = chosen || node.multi ? undefined : databaseRule(rules);
    let approvers: string[];
    if (rule) approvers = await openTasksFor(this.trx, this.instance, this.action.at, rule, context, task, token);
    // Each inner instance's approver from its own element (multi-instance-assignees.ts).
    else if (node.multi?.assignee && !chosen)
      approvers = await openElementTasks(this.trx, this.instance, this.action.at, node, this.variables(), task, token);
    else {
      const all = chosen ? [...chosen] : await resolveApprovers(this.trx, rules, context);
      approvers = chosen ? all : firstInstances(node, all);
      const inputs = await approverInputs(this.trx, node, this.variables(), approvers, all);
      if (approvers.length > 0)
        await openTasks(
          this.trx,
          this.instance,
          this.action.at,
          approvers.map((assignee, i) => ({
            ...task,
            assignee_id: assignee,
            locals: inputs[i],
            // Chosen approvers of an approval whose assignee is computed do its instances in their order.
            ...(node.multi?.assignee ? { output: JSON.stringify({ index: i }) } : {}),
          })),
          token,
        );
    }
    if (approvers.length === 0) throw new AppError('conflict', { name: node.name }, 'workflow.msg.noApprovers');
    if (node.boundaries) await armBoundaries(this.waitContext(), node, token.id);
    this.reached.set(node.id, {
      name: node.name,
      assignees: [...(this.reached.get(node.id)?.assignees ?? []), ...approvers],
    });
  }

  /** What the approvers' rules are evaluated over. */
  approverContext(): ApproverContext {
    return {
      domainId: this.instance.domain_id,
      applicationId: this.instance.application_id,
      initiatorId: this.instance.initiator_id,
      form: this.variables(),
    };
  }

  variables(): Record<string, unknown> {
    const variables = frameVariables(scopedVariables(this.instance.form_data, this.scopes), this.loop);
    return this.locals ? { ...variables, ...this.locals } : variables;
  }

  /** Who approves a node: its rules, or for an approval the drawing left open those its enterprise
   *  set (docs/adr/0119-approvers-set-in-the-console.md). */
  approverRules(node: ProcessNode): Promise<readonly ApproverRule[]> | readonly ApproverRule[] {
    return node.openApprovers
      ? setApprovers(
          this.trx,
          {
            domainId: this.instance.domain_id,
            applicationId: this.instance.application_id,
            processId: this.definition.id,
          },
          node.id,
        )
      : (node.approvers ?? []);
  }

  /** What a wait outside a user's action is written with (waits/enter-wait.ts). */
  waitContext(): WaitContext {
    return {
      trx: this.trx,
      instance: this.instance,
      definition: this.definition,
      at: this.action.at,
      loopAt: atOf(this.loop),
      variables: this.variables(),
    };
  }

  node(id: string): ProcessNode {
    return this.definition.nodes[id];
  }

  /** The definition's node names by id, as JSON (the action's last statement labels the instance with
   *  them, docs/adr/0077-submissions-prepared-statements.md); made once per definition, which never changes. */
  nodeNames(): string {
    let names = nodeNamesOf.get(this.definition);
    if (names === undefined)
      nodeNamesOf.set(
        this.definition,
        (names = JSON.stringify(
          Object.fromEntries(Object.values(this.definition.nodes).map((n) => [n.id, levelName(this.definition, n)])),
        )),
      );
    return names;
  }

  async take(flowId: string): Promise<void> {
    const flow = this.definition.flows[flowId];
    const node = this.node(flow.target);
    if (++this.steps > MAX_WALK_STEPS)
      throw new AppError('conflict', { name: node.name, max: MAX_WALK_STEPS }, 'workflow.msg.walkTooLong');
    if (this.terminated.size > 0 && !outsideTerminated(this, node)) return;
    switch (node.kind) {
      case 'manual':
        // A count of none passes the approval, as an empty collection passes a sub-process (0167).
        if (node.multi?.cardinality && cardinalityOf(node.multi, this.variables()) === 0) {
          await noteStep(this, node.id);
          return this.leave(node.id);
        }
        return this.enterApproval(node);
      case 'complete':
        return endReached(this, node); // the action completes the instance when no token is left
      case 'subprocess':
        return node.multi ? enterLoop(this, node) : enterSubProcess(this, node);
      case 'inclusive':
        // A join waits for every branch that can still come: decided once the whole action is walked.
        if (node.incoming.length > 1) {
          await this.arrive(node, flowId);
          this.waitingJoins.add(joinKey(node.id, atOf(this.loop)));
          return;
        }
        return this.leave(node.id);
      case 'auto':
        return node.throws ? escalationThrown(this, node) : this.runAuto(node);
      case 'exclusive':
        return this.take(this.branchOf(node));
      case 'parallel':
        if (node.incoming.length > 1 && !(await this.joined(node, flowId))) {
          this.waitingJoins.add(joinKey(node.id, atOf(this.loop)));
          return;
        }
        return this.leave(node.id);
      case 'catch':
        if (node.event?.type === 'conditional') return enterConditional(this, node);
        return void (await enterWait(this.waitContext(), node));
      case 'eventGateway':
        return void (await enterWait(this.waitContext(), node));
      case 'external':
        return void (await enterWait(this.waitContext(), node, inputLocals(node, this.variables())));
      case 'call':
        return callLinks().enter(this, node);
      case 'start':
      case 'boundary':
        throw new Error(`flow ${flowId} leads into ${node.kind} ${node.id}`); // the definition check refuses this
    }
  }

  /** The flow an exclusive gateway takes: the first whose condition holds over the form, else its default. */
  private branchOf(node: ProcessNode): string {
    const form = this.variables();
    const holds = (f: string) => evaluateRule(this.definition.flows[f].condition!, { ...form, form });
    if (node.choice)
      return this.chosenBranch(
        node,
        node.outgoing.filter((f) => !this.definition.flows[f].condition || holds(f)),
      );
    const chosen = node.outgoing.find((f) => f !== node.defaultFlow && this.definition.flows[f].condition && holds(f));
    const flow = chosen ?? node.defaultFlow ?? (node.outgoing.length === 1 ? node.outgoing[0] : undefined);
    if (!flow) throw new AppError('conflict', { name: node.name }, 'workflow.msg.noBranch');
    return flow;
  }

  /** The flow to the node the acting user chose among `open`; none chosen → the default, else refused
   *  with the options (their node ids in `data.options`, so a caller can ask again with one). */
  private chosenBranch(node: ProcessNode, open: string[]): string {
    const target = (f: string) => this.definition.flows[f].target;
    const options = open.map((f) => ({ nodeId: target(f), nodeName: this.node(target(f)).name }));
    const picked = open.filter((f) => this.choice?.includes(target(f)));
    if (picked.length > 1) throw new AppError('conflict', { name: node.name, options }, 'workflow.msg.oneChoice');
    if (picked.length === 1) return picked[0];
    if (this.choice?.length)
      throw new AppError(
        'conflict',
        { name: node.name, options, names: options.map((o) => o.nodeName).join(', ') },
        'workflow.msg.notAnOption',
      );
    if (node.defaultFlow && open.includes(node.defaultFlow)) return node.defaultFlow;
    throw new AppError(
      'conflict',
      { name: node.name, options, names: options.map((o) => o.nodeName).join(', ') },
      'workflow.msg.chooseNext',
    );
  }

  /** A token arrives at a parallel join by `flowId`; true when every incoming flow has now brought one
   *  (those tokens are then used up and the join goes on). */
  private async joined(node: ProcessNode, flowId: string): Promise<boolean> {
    await this.arrive(node, flowId);
    let query = this.trx
      .selectFrom('flow_tokens')
      .select(['id', 'via_flow'])
      .where('instance_id', '=', this.instance.id)
      .where('node_id', '=', node.id)
      .where('state', '=', 'joining');
    // Inside a multi-instance sub-process, tokens join only with those of their own instance (0167).
    const at = atOf(this.loop);
    if (at) query = query.where(tokensAt(at));
    const waiting = await query.execute();
    const arrived = new Set(waiting.map((t) => t.via_flow));
    if (!node.incoming.every((f) => arrived.has(f))) return false;
    // One token per incoming flow is used up; a second one on the same flow (a loop) waits for the next round.
    const used = node.incoming.map((f) => waiting.find((t) => t.via_flow === f)!.id);
    await this.trx.deleteFrom('flow_tokens').where('id', 'in', used).execute();
    return true;
  }

  /** A token waits at a join, having come by `flowId`. */
  private async arrive(node: ProcessNode, flowId: string): Promise<void> {
    await this.trx
      .insertInto('flow_tokens')
      .values({
        id: randomUUID(),
        instance_id: this.instance.id,
        node_id: node.id,
        state: 'joining',
        via_flow: flowId,
        created_at: this.action.at,
        ...atColumns(atOf(this.loop)),
      })
      .execute();
  }

  /** Once the action has walked every path: a join still waiting for a branch that no active token can
   *  bring any more (an intervention ended that branch) goes on with the tokens that came. Checked only
   *  now, not on arrival, because the walk follows one branch of a split before it starts the next. */
  async settleJoins(): Promise<void> {
    for (const joinId of await inclusiveJoinsWaiting(this)) this.waitingJoins.add(joinId);
    for (let moved = true; moved;) {
      // A sub-process whose last path inside ended goes on first: a join after it may be waiting for it.
      moved = await settleScopes(this, (scope, at, work) =>
        inLoopOf(this, scope, { id: null, at }, async () => {
          await leaveMappedScope(this, scope, at);
          await work();
        }),
      );
      // An instance of a multi-instance sub-process that ended may end it or start the next one.
      if (await settleLoops(this)) moved = true;
      // A condition watched by a waiting token may hold now that the action changed the variables.
      if (await fireConditions(this)) moved = true;
      for (const key of [...this.waitingJoins]) {
        // A join inside a multi-instance sub-process waits per instance: only that instance's tokens count (0167).
        const { joinId, at } = joinOfKey(key);
        let active = this.trx
          .selectFrom('flow_tokens')
          .select('node_id')
          .where('instance_id', '=', this.instance.id)
          .where('state', '=', 'active');
        if (at) active = active.where(tokensAt(at));
        if ((await active.execute()).some((t) => this.reaches(t.node_id, joinId))) continue;
        this.waitingJoins.delete(key);
        let came = this.trx
          .deleteFrom('flow_tokens')
          .where('instance_id', '=', this.instance.id)
          .where('node_id', '=', joinId)
          .where('state', '=', 'joining');
        if (at) came = came.where(tokensAt(at));
        if ((await came.returning('id').execute()).length === 0) continue;
        await inLoopOf(this, joinId, { id: null, at }, () => this.leave(joinId));
        moved = true;
      }
    }
  }

  /** Whether a path leads from one node to another: along flows, out of a sub-process at its ends, into
   *  one at its start, out of an activity by its boundary events. */
  reaches(from: string, to: string): boolean {
    const seen = new Set<string>();
    const queue = [from];
    while (queue.length > 0) {
      const node = this.node(queue.shift()!);
      const after = node.outgoing.map((f) => this.definition.flows[f].target);
      if (node.kind === 'complete' && node.parent) after.push(node.parent);
      if (node.start) after.push(node.start);
      after.push(...boundariesOf(this.definition, node.id));
      for (const next of after) {
        if (next === to) return true;
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    return false;
  }
}
