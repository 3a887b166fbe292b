// How an instance moves inside one action (docs/adr/0044-engine-state-in-tables.md): from a node left behind along its flows, through the
// nodes the engine runs itself (auto tasks, gateways) until every path stops at an approval (a token
// and its approvers' tasks), waits at a parallel join, or reaches an end. Runs inside the action's
// transaction, with the instance's row locked.
import type { ApproverRule, ProcessDefinition, ProcessNode } from '../../core/workflow/process-definition.ts';
import type { Db } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { ApproverContext } from './approvers.ts';
import { setApprovers } from './node-approvers.ts';
import {
  atOf,
  frameVariables,
  joinKey,
  scopedVariables,
  type ActionStamp,
  type InstanceState,
  type LoopEnd,
  type LoopFrame,
  type NewTasks,
  type ScopeFrame,
  type Thrown,
  type WalkState,
} from './walk-state.ts';
import { inclusiveBranches } from './inclusive-gateway.ts';
import { cardinalityOf } from './multi-instance.ts';
import { endReached, enterSubProcess, escalationThrown, noteStep, outsideTerminated } from './scopes.ts';
import { enterLoop } from './loop-scopes.ts';
import { runMappedStep } from './variable-homes.ts';
import { enterCatch, enterWait, type WaitContext } from './waits/enter-wait.ts';
import { callLinks } from './call-links.ts';
import { enterConditional } from './conditions.ts';
import { inputLocals } from './task-locals.ts';
import { reachApproval } from './walk-approval.ts';
import { branchOf } from './walk-branches.ts';
import { arrive, joined, settleJoins as settleWaiting } from './walk-joins.ts';

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
    if (node.kind === 'exclusive') return this.take(branchOf(this, node));
    const flows =
      node.kind === 'inclusive' ? inclusiveBranches(this.definition, node, this.variables()) : node.outgoing;
    for (const flow of flows) await this.take(flow);
  }

  /** Puts a token on an approval and gives each of its approvers a task (walk-approval.ts). */
  enterApproval(node: ProcessNode, chosen?: readonly string[], indexes?: readonly number[]): Promise<void> {
    return reachApproval(this, node, chosen, indexes);
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
          await arrive(this, node, flowId);
          this.waitingJoins.add(joinKey(node.id, atOf(this.loop)));
          return;
        }
        return this.leave(node.id);
      case 'auto':
        return node.throws ? escalationThrown(this, node) : this.runAuto(node);
      case 'exclusive':
        return this.take(branchOf(this, node));
      case 'parallel':
        if (node.incoming.length > 1 && !(await joined(this, node, flowId))) {
          this.waitingJoins.add(joinKey(node.id, atOf(this.loop)));
          return;
        }
        return this.leave(node.id);
      case 'catch':
        if (node.event?.type === 'conditional') return enterConditional(this, node);
        return void (await enterCatch(this, node));
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

  /** Once the action has walked every path: what it left waiting is settled (walk-joins.ts). */
  settleJoins(): Promise<void> {
    return settleWaiting(this);
  }
}
