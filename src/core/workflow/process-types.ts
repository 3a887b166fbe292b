// The shape of a readable BPMN process, shared by its reader (process-definition.ts) and the checks
// that run on it (engine-cycles.ts).

/** The spec's node types (start, manual, AutoNode, CompleteNode) and the gateways. */
export type NodeKind = 'start' | 'manual' | 'auto' | 'complete' | 'exclusive' | 'parallel';

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
