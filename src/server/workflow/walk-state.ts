// What the parts of a walk kept in their own files (scopes.ts, inclusive-gateway.ts,
// multi-instance.ts) see of it: the action's transaction, instance and definition, what it reached,
// and the ways on. Walk (walk.ts) is the one implementation.
import type { ApproverRule, ProcessDefinition, ProcessNode } from '../../core/workflow/process-definition.ts';
import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';
import type { ApproverContext } from './approvers.ts';

export interface InstanceState {
  id: string;
  domain_id: string;
  application_id: string;
  initiator_id: string;
  status: string;
  form_data: Record<string, unknown>;
  /** The instance whose call activity started this one (docs/adr/0139-call-activities-and-conditional-events.md). */
  parent_id?: string | null;
}

/** The action under way: its history entry, which the tasks it creates point back to, and its moment,
 *  which every row it writes carries (now, or the moment a replay of past events gives, docs/adr/0046-demo-instances-replayed.md). */
export interface ActionStamp {
  id: number;
  at: Date;
}

/** Node → its name and the users given a new task there in this action. */
export type NewTasks = Map<string, { name: string; assignees: string[] }>;

/** The instance of a multi-instance sub-process a walk is in (loop-scopes.ts): the multi-instance sub-process, the index and its element;
 *  inside an instance of another, that instance's frame (docs/adr/0197-multi-instance-sub-processes-nested.md). */
export interface LoopFrame {
  scope: string;
  index: number;
  /** What the instance sees as its loopCounter (loop-counter.ts). */
  loopCounter: number;
  /** nrOfInstances. */
  count: number;
  /** The element variable and this instance's element; none when a count (`loopCardinality`) set the instances. */
  variable?: string;
  item?: unknown;
  /** The instance's own variables: the one its sub-process's `outputElement` names alone, null until set
   *  (docs/adr/0212-multi-instance-sub-process-outputs.md). */
  locals?: Record<string, unknown>;
  /** The sub-process's output collection as it stands, under its name (loop-output.ts `runningList`). */
  running?: Record<string, unknown>;
  outer?: LoopFrame;
}

/** An embedded sub-process with input/output mappings the walk is in, with its local variables (kept on
 *  the token standing at it, docs/adr/0221-sub-process-variable-scopes.md); inside another, that one's. */
export interface ScopeFrame {
  scope: string;
  locals: Record<string, unknown>;
  outer?: ScopeFrame;
}

/** The process's variables with those of the mapped sub-processes the walk is in over them (the inner
 *  one's over the outer one's). */
export const scopedVariables = (
  form: Record<string, unknown>,
  scopes: ScopeFrame | undefined,
): Record<string, unknown> => (!scopes ? form : { ...scopedVariables(form, scopes.outer), ...scopes.locals });

/** Which instance a token is in: `index` of the outermost multi-instance sub-process (`loop_index`), and
 *  `inner` of the one drawn inside it (`inner_index`), when it is in both. A level of the outer one only
 *  names `index`: its tokens are those of every inner instance of it too. */
export interface LoopAt {
  index: number;
  inner?: number;
}

/** Where the tokens of a frame are (none outside every multi-instance sub-process). */
export const atOf = (frame: LoopFrame | undefined): LoopAt | undefined =>
  !frame ? undefined : frame.outer ? { index: frame.outer.index, inner: frame.index } : { index: frame.index };

/** The columns a token written in `at` carries. */
export const atColumns = (at: LoopAt | undefined): { loop_index?: number; inner_index?: number } =>
  !at ? {} : at.inner === undefined ? { loop_index: at.index } : { loop_index: at.index, inner_index: at.inner };

/** A token's columns read back; null outside every multi-instance sub-process. */
export const atOfRow = (row: { loop_index: number | null; inner_index?: number | null }): LoopAt | undefined =>
  row.loop_index === null
    ? undefined
    : row.inner_index === null || row.inner_index === undefined
      ? { index: row.loop_index }
      : { index: row.loop_index, inner: row.inner_index };

/** Where a token stands: its multi-instance sub-process's instance, none outside every one or without a token. */
export async function tokenAt(db: Db, tokenId: string | null): Promise<LoopAt | undefined> {
  if (!tokenId) return undefined;
  const row = await db
    .selectFrom('flow_tokens')
    .select(['loop_index', 'inner_index'])
    .where('id', '=', tokenId)
    .executeTakeFirst();
  return row ? atOfRow(row) : undefined;
}

/** The condition on `flow_tokens` (not aliased) for the tokens of `at` (a level of the outer instance
 *  holds its inner ones). */
export const tokensAt = (at: LoopAt) =>
  at.inner === undefined
    ? sql<boolean>`flow_tokens.loop_index = ${at.index}`
    : sql<boolean>`flow_tokens.loop_index = ${at.index} and flow_tokens.inner_index = ${at.inner}`;

/** The instance's variables seen in `frame`: the running list, the element variable and own variables of
 *  each level it is in (the inner one's over the outer one's, both over the process's), and `loopCounter`
 *  and `nrOfInstances` of the innermost. */
export function frameVariables(form: Record<string, unknown>, frame: LoopFrame | undefined): Record<string, unknown> {
  if (!frame) return form;
  const { variable, item, count } = frame;
  return {
    ...frameVariables(form, frame.outer),
    ...frame.running,
    ...frame.locals,
    ...(variable ? { [variable]: item } : {}),
    loopCounter: frame.loopCounter,
    nrOfInstances: count,
  };
}

/** An end reached inside an instance in this action: settled once the action has walked its paths. */
export interface LoopEnd {
  scope: string;
  index: number;
  outer?: LoopFrame;
}

/** A join waiting in this action (WalkState.waitingJoins), or a level kept per instance: its id, with the
 *  instance inside a multi-instance sub-process it waits in (`join@index`, `join@outer.inner`;
 *  docs/adr/0167-multi-instance-cardinality-waits-and-joins.md). */
export const joinKey = (joinId: string, at: LoopAt | undefined): string =>
  !at ? joinId : at.inner === undefined ? `${joinId}@${at.index}` : `${joinId}@${at.index}.${at.inner}`;

export function joinOfKey(key: string): { joinId: string; at?: LoopAt } {
  const sign = key.lastIndexOf('@');
  if (sign < 0) return { joinId: key };
  const [index, inner] = key
    .slice(sign + 1)
    .split('.')
    .map(Number);
  return { joinId: key.slice(0, sign), at: inner === undefined ? { index } : { index, inner } };
}

/** Whether `at` is `within` or an instance inside it (an outer instance holds its inner ones). */
export const atWithin = (at: LoopAt | undefined, within: LoopAt): boolean =>
  at !== undefined && at.index === within.index && (within.inner === undefined || at.inner === within.inner);

/** An error or escalation thrown (by an end event, an escalation's intermediate throw event, or a worker
 *  at an external task), with its code and, for an error, its message (the worker's, or the one its
 *  `bpmn:error` declares) and the variables a worker sent with it, set where it is caught
 *  (docs/adr/0195-escalations-walk-up-and-error-data.md). */
export interface Thrown {
  kind: 'error' | 'escalation';
  code: string | undefined;
  message?: string;
  variables?: Record<string, unknown>;
}

export interface WalkState {
  readonly trx: Db;
  readonly instance: InstanceState;
  readonly definition: ProcessDefinition;
  readonly action: ActionStamp;
  readonly reached: NewTasks;
  readonly ended: string[];
  readonly waitingJoins: Set<string>;
  readonly scopesToSettle: Set<string>;
  readonly terminated: Set<string>;
  /** The instance of a multi-instance sub-process the walk is in now (docs/adr/0148-multi-instance-sub-processes.md). */
  loop?: LoopFrame;
  /** The mapped sub-processes the walk is in now (sub-process-scopes.ts). */
  scopes?: ScopeFrame;
  /** Ends reached inside multi-instance sub-processes in this action, settled with the joins. */
  readonly loopEnds: LoopEnd[];
  /** The instance's variables, with the element variable of the instance the walk is in. */
  variables(): Record<string, unknown>;
  /** A called instance started in its caller's action: the caller's walk, which goes on in memory when
   *  this one returns (docs/adr/0139-call-activities-and-conditional-events.md). */
  caller?: WalkState;
  /** An error or escalation thrown out of a called instance that its caller's call activity catches:
   *  the boundary event the caller goes on from once this instance has ended; the call activity itself
   *  when none of its boundaries catches an error that something further out does (it passes it on,
   *  docs/adr/0190-bpmn-errors-walk-up-and-interrupted-calls.md). */
  thrownTo?: string;
  /** What was thrown to `thrownTo` (its error variables are set in the caller). */
  thrown?: Thrown;
  /** How the instance's last history entry names its end when this action ends it: `complete` (at the
   *  end event reached), or `interrupted` (at the external task whose worker's BPMN error the caller
   *  caught, docs/adr/0189-bpmn-errors-cross-call-activities.md; with no node when a call activity passed
   *  an error on, whose own `interrupted` entry precedes it, docs/adr/0190-bpmn-errors-walk-up-and-interrupted-calls.md). */
  endedBy?: 'interrupted';
  leave(nodeId: string): Promise<void>;
  approverContext(): ApproverContext;
  approverRules(node: ProcessNode): Promise<readonly ApproverRule[]> | readonly ApproverRule[];
}
