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
  /** Events and tasks that wait for something outside a user's action (docs/adr/0126-timers-and-messages.md,
   *  docs/adr/0127-jobs-and-external-tasks.md): an intermediate catch event, an event-based gateway, an
   *  event attached to an activity's boundary, a service task a worker does. */
  | 'catch'
  | 'eventGateway'
  | 'boundary'
  | 'external';

/** When a timer fires: after a duration, at a date, or every interval (a count of times, or no end). */
export interface TimerSpec {
  duration?: string;
  date?: string;
  cycle?: string;
  /** The duration counts working time on the enterprise's default work calendar. */
  workingTime?: true;
}

/** What a catch, boundary or start event waits for. */
export type EventTrigger =
  | { type: 'timer'; timer: TimerSpec }
  | { type: 'message'; message: string }
  /** An error a worker reports (its code; none: any error). */
  | { type: 'error'; code?: string };

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
  /** Catch, boundary and message start events: what they wait for. */
  event?: EventTrigger;
  /** Boundary events: the activity they are attached to, and whether firing ends it. */
  attachedTo?: string;
  interrupting?: boolean;
  /** Activities: the boundary events attached to them. */
  boundaries?: string[];
  /** External tasks: the topic workers fetch, and the retries a failure has before an incident. */
  topic?: string;
  retries?: number;
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
