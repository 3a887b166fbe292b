// The shape of a readable BPMN process, shared by its reader (process-definition.ts) and the checks
// that run on it (engine-cycles.ts).

/** The spec's node types (start, manual, AutoNode, CompleteNode) and the gateways. */
export type NodeKind =
  | 'start'
  | 'manual'
  | 'auto'
  | 'complete'
  | 'exclusive'
  | 'parallel'
  | 'inclusive'
  /** An embedded sub-process: entered at its own start, left once no token stands inside it. */
  | 'subprocess'
  /** A boundary event: a path out of the activity it is attached to (an error or escalation it
   *  catches, a timer or a message it waits for). */
  | 'boundary'
  /** Events and tasks that wait for something outside a user's action (docs/adr/0126-timers-and-messages.md,
   *  docs/adr/0127-jobs-and-external-tasks.md): an intermediate catch event, an event-based gateway, a
   *  service task a worker does. */
  | 'catch'
  | 'eventGateway'
  | 'external'
  /** A call activity: another process of the application runs as an instance of its own
   *  (docs/adr/0139-call-activities-and-conditional-events.md). */
  | 'call';

/** What an end event does beyond ending its path (docs/adr/0124-embedded-sub-processes-and-ends.md). */
export type EndKind = 'terminate' | 'error' | 'escalation';

/** The variables an error boundary sets (either may be left out). */
export interface ErrorVariables {
  code?: string;
  message?: string;
}

/** A multi-instance approval (docs/adr/0125-multi-instance-approvals.md): one task per element of a
 *  collection (or per approver named), in parallel or one after the other, until a completion
 *  condition holds or every instance is done. */
export interface MultiInstance {
  sequential: boolean;
  /** Rule-language expression whose value lists the approvers' login numbers (the collection). */
  collection?: string;
  /** Rule-language condition over the form and nrOfInstances, nrOfCompletedInstances, nrOfActiveInstances. */
  completion?: string;
  /** `loopCardinality`: a rule-language expression (a number, or a vendor expression read into the rule
   *  language) whose value is how many instances run (docs/adr/0167-multi-instance-cardinality-waits-and-joins.md). */
  cardinality?: string;
  /** The variable each instance sees its element of the collection under: a multi-instance
   *  sub-process's (docs/adr/0148-multi-instance-sub-processes.md), an approval's input mappings
   *  (docs/adr/0222-multi-instance-inputs-and-timer-incidents.md). */
  elementVariable?: string;
  /** Rule-language expression naming each inner instance's approver (a login number), evaluated over
   *  its element, loopCounter and inputs when the assignee is computed from the element
   *  (`${reviewer.login}`, docs/adr/0227-multi-instance-assignee-per-element.md). */
  assignee?: string;
  /** Camunda 8's `outputCollection` / `outputElement` on a multi-instance approval over a collection
   *  (docs/adr/0202-multi-instance-output-collections.md). */
  output?: MultiInstanceOutput;
  /** The loopCounter of the first instance when it is not 0: 1 in a file drawn for Camunda 8
   *  (loop-counter.ts, docs/adr/0228-loop-counter-by-vendor.md). */
  loopCounterFrom?: 1;
  /** A multi-instance sub-process's input and output mappings, applied per inner instance: its inputs are
   *  the instance's own variables, its outputs set where the sub-process stands as each instance ends
   *  (docs/adr/0233-multi-instance-sub-process-mappings.md). */
  io?: IoMappings;
}

/** What each instance of a multi-instance approval gives and where the results are collected. */
export interface MultiInstanceOutput {
  /** The process variable the list is set in when the activity completes, one entry per element of the
   *  collection in its order (null for an instance that did not complete). */
  collection: string;
  /** Rule-language expression over the instance's variables: what one instance gives. */
  element: string;
  /** The variable `outputElement` names alone (`=approved`): a submission keeps it in the instance
   *  instead of setting it in the process, as Zeebe makes it a local variable of the inner instance. */
  local?: string;
  /** The element variable (`inputElement`) and its element, which the expression may read. */
  elementVariable?: string;
}

/** A variable copied between a caller and the instance it calls. */
export interface VariableMapping {
  source: string;
  target: string;
  /** Camunda 7's `local="true"`: an `in` reads the call activity's own variables alone, an `out` sets one
   *  of them (docs/adr/0226-call-activity-input-output-parameters.md). */
  local?: true;
}

/** A variable an input or output mapping sets: to an expression's value (rule language) or a literal. */
export interface VariableAssignment {
  target: string;
  value: { rule: string } | { literal: unknown };
}

/** A task's input and output mappings (docs/adr/0216-input-output-mappings.md): the inputs are its
 *  local variables, evaluated when it is entered; the outputs are set where it stands when it is done. */
export interface IoMappings {
  inputs: VariableAssignment[];
  outputs: VariableAssignment[];
  /** Camunda 8's: with outputs, what the task's completion brings stays the task's own, only the
   *  outputs are set (Camunda 7 sets both). */
  outputsOnly?: true;
}

/** What a call activity starts and what goes in and comes back out. */
export interface CallSpec {
  /** The id of the called process (a process of the same application). */
  process: string;
  inAll: boolean;
  in: VariableMapping[];
  outAll: boolean;
  out: VariableMapping[];
  /** Camunda 7's `variables="all" local="true"`: every variable of the call activity's own in, or every
   *  variable of the called instance back as one of its own (docs/adr/0226-call-activity-input-output-parameters.md). */
  inAllLocal?: true;
  outAllLocal?: true;
  /** The called instance gets the caller's business key. */
  businessKey?: true;
  /** Camunda 7's `camunda:out`: also mapped back when the called instance throws a BPMN error that a
   *  boundary event of the call activity catches (docs/adr/0233-multi-instance-sub-process-mappings.md);
   *  Camunda 8 propagates nothing then. */
  outOnError?: true;
}

/** When a timer fires: after a duration, at a date, or every interval (a count of times, or no end). */
export interface TimerSpec {
  duration?: string;
  date?: string;
  cycle?: string;
  /** A duration or date written as an expression (`=duration("PT" + string(h) + "H")`), as rule-language
   *  text evaluated over the variables when the timer is armed (docs/adr/0217-feel-temporal-and-built-in-functions.md). */
  durationExpression?: string;
  dateExpression?: string;
  /** The duration counts working time on the enterprise's default work calendar. */
  workingTime?: true;
}

/** What a catch, boundary or start event waits for. */
export type EventTrigger =
  | { type: 'timer'; timer: TimerSpec }
  /** `correlationKey`: Camunda 8's `zeebe:subscription` key of the message, as rule-language text evaluated
   *  when the wait opens (docs/adr/0245-zeebe-correlation-keys.md); never on a start event. */
  | { type: 'message'; message: string; correlationKey?: string }
  /** An error a worker reports (its code; none: any error). */
  | { type: 'error'; code?: string }
  /** A condition over the instance's variables (rule language), looked at again after every action
   *  that changed them (docs/adr/0139-call-activities-and-conditional-events.md); with `variable`, only
   *  after one that set it, and with `changes`, one that changed it so (`camunda:variableName`,
   *  `camunda:variableEvents`, docs/adr/0194-conditional-boundaries-non-interrupting.md). */
  | { type: 'conditional'; condition: string; variable?: string; changes?: VariableEvent[] };

/** How an action changed a variable, as Camunda 7's `variableEvents` names it: `create` set one the
 *  instance had not, `update` set one it had (to any value, the same included); `delete` removed one,
 *  which no action of the engine does. */
export type VariableEvent = 'create' | 'update' | 'delete';

/** Who approves a manual node; every rule adds its users. */
export type ApproverRule =
  | { kind: 'user'; loginno: string }
  | { kind: 'role'; role: string }
  | { kind: 'department'; code: string }
  /** The liaison officers of the initiator's department (of its superior when the initiator is one). */
  | { kind: 'superior' }
  /** The one who started the instance (a vendor's `${initiator}`, docs/adr/0118-vendor-assignments.md). */
  | { kind: 'initiator' }
  /** A vendor's candidate group: a role of the application (id or name) or a department of the
   *  enterprise (code or name). */
  | { kind: 'group'; name: string }
  /** A rule-language expression over the form's fields answering rules in this same text form; with
   *  `as`, its value (text split at commas, or a list) names users by login number or groups. */
  | { kind: 'expression'; expression: string; as?: 'user' | 'group' };

export interface ProcessNode {
  id: string;
  name: string;
  kind: NodeKind;
  incoming: string[];
  outgoing: string[];
  /** Manual nodes: who approves, and whether one of them or all of them must (multi-instance). */
  approvers?: ApproverRule[];
  approval?: 'any' | 'all';
  /** Manual nodes whose drawing names nobody: each enterprise sets their approvers in the console
   *  (docs/adr/0119-approvers-set-in-the-console.md). */
  openApprovers?: true;
  /** Exclusive gateways: the flow taken when no condition holds (a choice: when none is chosen). */
  defaultFlow?: string;
  /** Exclusive gateways marked `atrium:choice="true"`: the one who acts chooses the next node among
   *  the targets of its flows (those whose condition, if any, holds). */
  choice?: true;
  /** The embedded sub-process the node is drawn in (none at the process's own level). */
  parent?: string;
  /** Sub-processes: the start event inside. */
  start?: string;
  /** End events that terminate their level or throw an error or escalation (with its code). */
  end?: EndKind;
  code?: string;
  /** Error end events: the message their `bpmn:error` declares (`camunda:errorMessage`, docs/adr/0195-escalations-walk-up-and-error-data.md). */
  errorMessage?: string;
  /** Intermediate throw events that throw an escalation (with `code`): the path goes on after them
   *  unless an interrupting boundary catches it (docs/adr/0195-escalations-walk-up-and-error-data.md). */
  throws?: 'escalation';
  /** Boundary events: the activity they are attached to, what they catch (a code, or any when
   *  absent) and whether they cancel it. */
  attachedTo?: string;
  catches?: 'error' | 'escalation';
  interrupting?: boolean;
  /** Error and escalation boundary events: the variables of the instance that goes on from them the
   *  caught error's or escalation's code (and an error's message) are set in (`camunda:errorCodeVariable`,
   *  `camunda:errorMessageVariable`, docs/adr/0189-bpmn-errors-cross-call-activities.md;
   *  `camunda:escalationCodeVariable`, docs/adr/0195-escalations-walk-up-and-error-data.md). */
  errorVariables?: ErrorVariables;
  /** Catch, boundary and message start events: what they wait for (a boundary either catches or
   *  waits). */
  event?: EventTrigger;
  /** Activities: the boundary events that wait beside them (timers, messages, a worker's error). */
  boundaries?: string[];
  /** External tasks: the topic workers fetch, and the retries a failure has before an incident. */
  topic?: string;
  retries?: number;
  multi?: MultiInstance;
  call?: CallSpec;
  /** User and external tasks: their input and output mappings. */
  io?: IoMappings;
}

export interface ProcessFlow {
  id: string;
  name: string;
  source: string;
  target: string;
  /** Rule-language condition over the form's fields (exclusive gateways' outgoing flows). */
  condition?: string;
}

export interface ProcessDefinition {
  id: string;
  name: string;
  start: string;
  nodes: Record<string, ProcessNode>;
  flows: Record<string, ProcessFlow>;
}
