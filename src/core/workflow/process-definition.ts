// A BPMN 2.0 process as the engine runs it (docs/adr/0043-bpmn-process-definitions.md): the nodes it knows, the flows between them, each
// approval's approvers, each branch's condition. Whatever the engine cannot run is a problem naming
// the element and why, so a package that holds one is refused at install, not at its first instance.
// Shared by `atrium check` (the project's packages) and the server's install.
import { BpmnModdle } from 'bpmn-moddle';
import { approversOf, elementAssignee } from './approver-rules.ts';
import { engineCycles } from './engine-cycles.ts';
import { conditionOf } from './flow-conditions.ts';
import { checkInsideLoops, loopHonoured, loopsAround } from './loop-checks.ts';
import { drawnForZeebe, type DefinitionsElement } from './loop-counter.ts';
import { readCallActivity, type CallElement } from './call-activity.ts';
import { readCallParameters, readCatchMappings, readIoMappings, type MappedElement } from './io-mappings.ts';
import { checkEvents, readEventElement, type EventElement } from './process-events.ts';
import { MAPPABLE_TYPES, mappedTopicAttribute, replacedByTopic } from './topic-mapping.ts';
import { initiatorVariable, ownAttribute, vendorFindings } from './vendor-attributes.ts';
import type { ProblemFix } from '../envelope.ts';
import type { NodeKind, ProcessDefinition, ProcessFlow, ProcessNode } from './process-types.ts';
import {
  errorVariablesOf,
  eventRoleOf,
  flattenScopes,
  isEmbedded,
  multiInstanceOf,
  multiInstanceSubProcessOf,
  outputWhere,
  type Element,
} from './structure-elements.ts';

export type { ApproverRule, NodeKind, ProcessDefinition, ProcessFlow, ProcessNode } from './process-types.ts';
export { parseApprovers } from './approver-rules.ts';

/** What cannot run (or, among the warnings, what runs without being honoured): the element's id and
 *  a message key with its parameters (`element` names it by name and id, `type` its BPMN type). */
export interface DefinitionProblem {
  element: string;
  key: string;
  params: Record<string, unknown>;
  /** What the administrator may answer to lift the problem: `topic`, a worker's topic for code the
   *  engine cannot run (docs/adr/0258-code-mapped-to-external-topics.md). */
  fix?: ProblemFix;
}

const KINDS: Record<string, NodeKind> = {
  'bpmn:StartEvent': 'start',
  'bpmn:EndEvent': 'complete',
  'bpmn:UserTask': 'manual',
  'bpmn:ManualTask': 'manual',
  'bpmn:Task': 'manual',
  'bpmn:ServiceTask': 'auto',
  'bpmn:ScriptTask': 'auto',
  'bpmn:ExclusiveGateway': 'exclusive',
  'bpmn:ParallelGateway': 'parallel',
  'bpmn:InclusiveGateway': 'inclusive',
  'bpmn:BoundaryEvent': 'boundary',
};
/** A boundary event on an embedded sub-process (or a call activity, docs/adr/0139-call-activities-and-conditional-events.md)
 *  catching an error or escalation thrown by an end event inside it (structure-elements.ts); any other boundary waits for a timer, a message or a worker's
 *  error (process-events.ts), which refuses what cannot happen (an error on a user task). */
function catchesThrown(e: Element): boolean {
  const definition = e.eventDefinitions?.[0]?.$type;
  return (
    e.$type === 'bpmn:BoundaryEvent' &&
    (definition === 'bpmn:ErrorEventDefinition' || definition === 'bpmn:EscalationEventDefinition') &&
    e.attachedToRef !== undefined &&
    (isEmbedded(e.attachedToRef) || e.attachedToRef.$type === 'bpmn:CallActivity')
  );
}

/** Parts of a drawing that do not run: kept out of the graph without a word. */
const IGNORED = new Set([
  'bpmn:SequenceFlow',
  'bpmn:TextAnnotation',
  'bpmn:Association',
  'bpmn:DataObject',
  'bpmn:DataObjectReference',
  'bpmn:DataStoreReference',
  'bpmn:Group',
]);

const typeName = (e: Element) => e.$type.replace(/^bpmn:/, '');

/** An exclusive gateway the acting user decides (Atrium's own attribute, any prefix bound to its namespace). */
const isChoice = (gateway: Element) => ownAttribute(gateway, 'choice')?.value === 'true';

/** Reads one process of a BPMN 2.0 document. */
export async function readProcess(xml: string, processId: string): Promise<ReadProcess> {
  let root: DefinitionsElement & { rootElements?: Element[] };
  let warnings: string[];
  try {
    const read = await new BpmnModdle().fromXML(xml, 'bpmn:Definitions');
    root = read.rootElement as typeof root;
    warnings = read.warnings.map((w) => w.message);
  } catch (error) {
    return { problems: [], cautions: [], warnings: [], notBpmn: (error as Error).message.split('\n')[0] };
  }
  const process = root.rootElements?.find((e) => e.$type === 'bpmn:Process' && e.id === processId);
  if (!process) return { problems: [], cautions: [], warnings, missing: true };
  return { ...compileProcess(process, drawnForZeebe(root)), warnings };
}

/** The processes of a BPMN document, by id and name, and whether the file marks each executable (a bare
 *  file uploaded for an installed application takes the executable ones, docs/adr/0132-task-runtime-and-bare-bpmn.md). */
export async function processesIn(xml: string): Promise<Array<{ id: string; name: string; executable: boolean }>> {
  try {
    const read = await new BpmnModdle().fromXML(xml, 'bpmn:Definitions');
    return ((read.rootElement as { rootElements?: Array<Element & { isExecutable?: boolean }> }).rootElements ?? [])
      .filter((e) => e.$type === 'bpmn:Process' && e.id)
      .map((e) => ({ id: e.id!, name: e.name?.trim() || e.id!, executable: e.isExecutable === true }));
  } catch {
    return [];
  }
}

export interface ReadProcess {
  /** Absent when there are problems. */
  definition?: ProcessDefinition;
  problems: DefinitionProblem[];
  /** What runs without being honoured (vendor parts the engine ignores, approvals left to the
   *  console): listed in the install preview, which the administrator accepts. */
  cautions: DefinitionProblem[];
  /** What the BPMN reader let pass but noticed (unknown content). */
  warnings: string[];
  /** The text is not BPMN 2.0 XML: the reader's first line. */
  notBpmn?: string;
  /** The document holds no process with that id. */
  missing?: boolean;
}

/** How a message names an element: its name and id, or its id when it has no other name. */
const labelOf = (e: { id?: string; name?: string }) =>
  e.name && e.name !== e.id ? `${e.name.trim()} (${e.id ?? ''})` : (e.id ?? '');

/** `zeebe`: the file was drawn for Camunda 8 (loop-counter.ts). */
function compileProcess(process: Element, zeebe: boolean): Omit<ReadProcess, 'warnings'> {
  const problems: DefinitionProblem[] = [];
  const cautions: DefinitionProblem[] = [];
  const note =
    (into: DefinitionProblem[], prefix: string) =>
    (e: Element | ProcessNode, key: string, params: Record<string, unknown> = {}, fix?: ProblemFix) => {
      const type = '$type' in e ? typeName(e as Element) : '';
      into.push({
        element: e.id ?? '',
        key: `workflow.${prefix}.${key}`,
        params: { element: labelOf(e), name: labelOf(e), type, ...params },
        ...(fix ? { fix } : {}),
      });
    };
  const problem = note(problems, 'problem');
  const caution = note(cautions, 'warning');
  const nodes: Record<string, ProcessNode> = {};
  const flows: Record<string, ProcessFlow> = {};
  const scoped = flattenScopes(process);
  const elements = scoped.map((s) => s.element);
  const parentOf = new Map(scoped.map((s) => [s.element, s.parent]));
  const start = elements.find((e) => e.$type === 'bpmn:StartEvent' && !parentOf.get(e));
  const initiator = start && initiatorVariable(start);

  /** `e`'s code the engine cannot run: replaced by its mapped topic, or a problem that a topic would lift
   *  when `e` is work a worker can do (topic-mapping.ts). */
  const codePart = (e: Element, part: string, value: string) => {
    const mappable = MAPPABLE_TYPES.has(e.$type) && replacedByTopic(part);
    const topic = mappable ? mappedTopicAttribute(e)?.topic : undefined;
    if (topic) caution(e, 'codeMapped', { part, value, topic });
    else problem(e, mappable ? 'codeToTopic' : 'code', { part, value }, mappable ? 'topic' : undefined);
  };
  /** `e`'s vendor parts (`on`'s, when given: a loop's, named by the activity it repeats). */
  const vendorParts = (e: Element, honoured: readonly string[] = [], on?: Element) => {
    const { code, unhonoured } = vendorFindings(on ?? e);
    for (const c of code) if (!honoured.includes(c.part)) codePart(e, c.part, c.value);
    for (const u of unhonoured) if (!honoured.includes(u.part)) caution(e, u.kind, { part: u.part, value: u.value });
  };
  vendorParts(process);
  for (const e of elements) {
    if (IGNORED.has(e.$type)) continue;
    if (!e.id) continue;
    // Timers, messages, event gateways, boundaries and external tasks (process-events.ts); an error or
    // escalation thrown inside the process is caught by the structure's reading (structure-elements.ts).
    const waiting = catchesThrown(e) ? undefined : readEventElement(e as EventElement);
    const called = e.$type === 'bpmn:CallActivity' ? readCallActivity(e as CallElement) : undefined;
    // What cannot run still joins the graph (as a plain step), so the flows through it raise no
    // further problems: the one problem is the element itself.
    const kind = waiting?.kind ?? (called ? 'call' : isEmbedded(e) ? 'subprocess' : (KINDS[e.$type] ?? 'auto'));
    // Mappings run on the tasks that wait for someone (docs/adr/0216-input-output-mappings.md), on
    // embedded sub-processes and on the steps the engine runs itself
    // (docs/adr/0221-sub-process-variable-scopes.md; a multi-instance one's per inner instance,
    // docs/adr/0233-multi-instance-sub-process-mappings.md) and, Camunda 7's, on call activities
    // (docs/adr/0226-call-activity-input-output-parameters.md); on catch events
    // (docs/adr/0238-catch-event-input-mappings.md).
    const mapped =
      kind === 'manual' ||
      kind === 'external' ||
      kind === 'subprocess' ||
      (kind === 'auto' && !e.eventDefinitions?.length)
        ? readIoMappings(e as MappedElement)
        : (kind === 'catch' || kind === 'boundary') && waiting?.fields.event?.type !== 'conditional'
          ? readCatchMappings(e as MappedElement, kind === 'boundary')
          : kind === 'call'
            ? readCallParameters(e as MappedElement)
            : undefined;
    vendorParts(e, [...(waiting?.honoured ?? []), ...(called?.honoured ?? []), ...(mapped?.honoured ?? [])]);
    for (const p of mapped?.problems ?? []) problem(e, p.key, p.params);
    for (const u of mapped?.unhonoured ?? []) caution(e, 'mapping', u);
    const role = waiting ? undefined : eventRoleOf(e);
    // An escalation's intermediate throw event runs as a step that throws (docs/adr/0195-escalations-walk-up-and-error-data.md).
    const throwing = role !== undefined && 'throws' in role;
    if (!waiting && !called && !KINDS[e.$type] && kind !== 'subprocess' && !throwing) problem(e, 'unsupported');
    for (const p of called?.problems ?? []) problem(e, p.key, p.params);
    if (!waiting && e.eventDefinitions?.length && !role)
      problem(e, 'eventDefinition', { event: typeName(e.eventDefinitions[0]) });
    for (const p of waiting?.problems ?? []) problem(e, p.key, p.params);
    if (e.$type === 'bpmn:ScriptTask' && e.script?.trim()) codePart(e, 'script', '');
    const node: ProcessNode = {
      id: e.id,
      name: e.name?.trim() || e.id,
      kind,
      incoming: [],
      outgoing: [],
      ...waiting?.fields,
      ...(called?.call ? { call: called.call } : {}),
      ...(mapped?.io ? { io: mapped.io } : {}),
    };
    const parent = parentOf.get(e);
    if (parent) node.parent = parent;
    if (role && 'end' in role && role.end)
      Object.assign(
        node,
        { end: role.end },
        role.code ? { code: role.code } : {},
        role.errorMessage ? { errorMessage: role.errorMessage } : {},
      );
    if (role && 'throws' in role) Object.assign(node, { throws: role.throws }, role.code ? { code: role.code } : {});
    if (role && 'catches' in role) {
      Object.assign(
        node,
        { catches: role.catches, interrupting: role.interrupting },
        role.code ? { code: role.code } : {},
      );
    }
    if (kind === 'boundary' && e.attachedToRef?.id) node.attachedTo = e.attachedToRef.id;
    const errorVariables = errorVariablesOf(e);
    if (errorVariables) node.errorVariables = errorVariables;
    if (kind === 'subprocess') {
      const starts = (e.flowElements ?? []).filter((x) => x.$type === 'bpmn:StartEvent');
      if (starts.length !== 1) problem(e, 'oneStart', { count: starts.length });
      else node.start = starts[0].id;
    }
    const { rules, bad } = kind === 'manual' ? approversOf(e, initiator) : { rules: [], bad: [] };
    // What a loop carries beyond what is read (loopParts) is warned about, as on any element (an async
    // flag on the loop, docs/adr/0202-multi-instance-output-collections.md).
    if (e.loopCharacteristics) vendorParts(e, loopHonoured(e.loopCharacteristics), e.loopCharacteristics);
    if (e.loopCharacteristics && kind === 'subprocess') {
      const read = multiInstanceSubProcessOf(e);
      if ('reason' in read) problem(e, read.key ?? 'loop', read.params ?? { reason: read.reason });
      else node.multi = read.multi;
      // Applied per inner instance, not as the scope token of a sub-process that runs once (loop-scopes.ts).
      if (node.multi && node.io) {
        node.multi.io = node.io;
        delete node.io;
      }
    } else if (e.loopCharacteristics) {
      // Only approvals and sub-processes repeat: one task per approver, from the rules or a collection of login numbers.
      const assigned = rules.flatMap((r) =>
        r.kind === 'expression' && r.as === 'user' ? [r.expression.slice(1, -1)] : [],
      );
      const fromElement = (variable: string) => elementAssignee(rules, node.io?.inputs ?? [], variable);
      const read = kind === 'manual' ? multiInstanceOf(e, assigned, (v) => !!fromElement(v)) : { reason: typeName(e) };
      if ('reason' in read)
        problem(e, ('key' in read && read.key) || 'loop', ('params' in read && read.params) || { reason: read.reason });
      else {
        node.approval = 'all';
        if (read.multi.sequential || read.multi.collection || read.multi.completion || read.multi.cardinality)
          node.multi = read.multi;
        const computed = read.elementVariable && !assigned.includes(read.elementVariable);
        if (read.multi.collection && computed) {
          // The assignee is computed from the element: each inner instance evaluates it over its own
          // (docs/adr/0227-multi-instance-assignee-per-element.md); the other rules still name candidates.
          const rule = fromElement(read.elementVariable!)!;
          rules.splice(rules.indexOf(rule), 1);
          node.multi!.assignee = rule.expression;
          node.multi!.elementVariable = read.elementVariable;
        } else if (read.multi.collection) {
          // The element variable was the assignee: the collection names the approvers instead.
          const own = `'${read.elementVariable}'`;
          const at = rules.findIndex((r) => r.kind === 'expression' && r.expression === own);
          rules.splice(at, 1, { kind: 'expression', expression: read.multi.collection, as: 'user' });
          // Each instance's input mappings still see its element under that name (task-locals.ts).
          if (read.elementVariable) node.multi!.elementVariable = read.elementVariable;
        }
      }
    }
    if (kind === 'manual') {
      for (const part of bad) problem(e, 'badApprover', { part });
      node.approvers = rules;
      node.approval ??= 'any';
      if (rules.length === 0 && bad.length === 0 && !node.multi?.assignee) {
        node.openApprovers = true;
        caution(e, 'approversOpen');
      }
    }
    if ((kind === 'exclusive' || kind === 'inclusive') && e.default?.id) node.defaultFlow = e.default.id;
    if (kind === 'exclusive' && isChoice(e)) node.choice = true;
    nodes[e.id] = node;
  }

  for (const e of elements.filter((x) => x.$type === 'bpmn:SequenceFlow')) {
    vendorParts(e);
    const source = e.sourceRef?.id ?? '';
    const target = e.targetRef?.id ?? '';
    if (!nodes[source] || !nodes[target]) continue; // an unsupported end already has its problem
    const condition = conditionOf(e, problem);
    flows[e.id!] = { id: e.id!, name: e.name ?? '', source, target, ...(condition ? { condition } : {}) };
    nodes[source].outgoing.push(e.id!);
    nodes[target].incoming.push(e.id!);
  }

  checkEvents(nodes, flows, problem);
  checkInsideLoops(nodes, (node, loop, key) => problem(node, key, { loop: labelOf(nodes[loop]) }));
  // An approval's output collection inside a multi-instance sub-process is collected into a variable of
  // the sub-process's instance (docs/adr/0212-multi-instance-sub-process-outputs.md); any other would be
  // the process's, one list for every instance, and is refused (docs/adr/0202-multi-instance-output-collections.md).
  for (const node of Object.values(nodes)) {
    const loops = node.multi?.output && node.kind === 'manual' ? loopsAround(nodes, node) : [];
    if (loops.length > 0 && !loops.some((l) => l.multi!.output?.local === node.multi!.output!.collection))
      problem(node, 'outputInLoop', { ...outputWhere(node.multi!.output!).params, loop: labelOf(loops[0]) });
  }
  const starts = Object.values(nodes).filter((n) => n.kind === 'start' && !n.parent);
  if (starts.length !== 1) problem(process, 'oneStart', { count: starts.length });
  if (!Object.values(nodes).some((n) => n.kind === 'complete')) problem(process, 'noEnd');
  for (const node of Object.values(nodes)) {
    if (node.kind !== 'complete' && node.outgoing.length === 0) problem(node, 'deadEnd');
    if (node.kind === 'start' && node.incoming.length > 0) problem(node, 'intoStart');
    // A sub-process starts when its token arrives: a timer there would be a second, unrelated start.
    if (node.kind === 'start' && node.parent && node.event?.type === 'timer')
      problem(node, 'eventDefinition', { event: 'TimerEventDefinition' });
    if (node.kind === 'boundary' && !(node.attachedTo && nodes[node.attachedTo])) problem(node, 'unattached');
    if (node.kind === 'exclusive' && !node.choice && node.outgoing.length > 1) {
      const unconditioned = node.outgoing.filter((f) => !flows[f].condition && f !== node.defaultFlow);
      if (unconditioned.length > 0) problem(node, 'noCondition', { flows: unconditioned.join(', ') });
    }
  }
  if (starts.length === 1) {
    // A boundary event is reached through the activity it is attached to: its path is refused with
    // the event, never called unreachable.
    // A sub-process is entered at its start.
    const attached = elements.filter((e) => e.$type === 'bpmn:BoundaryEvent' && e.id && nodes[e.id]).map((e) => e.id!);
    const reached = new Set<string>([starts[0].id, ...attached]);
    const queue = [...reached];
    while (queue.length > 0) {
      const at = nodes[queue.shift()!];
      if (at.start && !reached.has(at.start)) {
        reached.add(at.start);
        queue.push(at.start);
      }
      for (const f of at.outgoing) {
        if (reached.has(flows[f].target)) continue;
        reached.add(flows[f].target);
        queue.push(flows[f].target);
      }
    }
    for (const node of Object.values(nodes)) if (!reached.has(node.id)) problem(node, 'unreachable');
  }
  for (const loop of engineCycles({ nodes, flows })) problem(nodes[loop[0]], 'engineLoop', { nodes: loop.join(' → ') });
  if (zeebe) for (const node of Object.values(nodes)) if (node.multi) node.multi.loopCounterFrom = 1;
  if (problems.length > 0) return { problems, cautions };
  return {
    definition: { id: process.id!, name: process.name ?? process.id!, start: starts[0].id, nodes, flows },
    problems,
    cautions,
  };
}
