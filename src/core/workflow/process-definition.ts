// A BPMN 2.0 process as the engine runs it (docs/adr/0043-bpmn-process-definitions.md): the nodes it knows, the flows between them, each
// approval's approvers, each branch's condition. Whatever the engine cannot run is a problem naming
// the element and why, so a package that holds one is refused at install, not at its first instance.
// Shared by `atrium check` (the project's packages) and the server's install.
import { BpmnModdle } from 'bpmn-moddle';
import { compileRule } from '../rules.ts';
import { engineCycles } from './engine-cycles.ts';
import type { ApproverRule, NodeKind, ProcessDefinition, ProcessFlow, ProcessNode } from './process-types.ts';

export type { ApproverRule, NodeKind, ProcessDefinition, ProcessFlow, ProcessNode } from './process-types.ts';

/** What cannot run: the element (id and BPMN type) and a message key with its parameters. */
export interface DefinitionProblem {
  element: string;
  key: string;
  params: Record<string, unknown>;
}

interface Element {
  $type: string;
  id?: string;
  name?: string;
  $attrs?: Record<string, string>;
  flowElements?: Element[];
  eventDefinitions?: Element[];
  loopCharacteristics?: Element & { isSequential?: boolean };
  sourceRef?: Element;
  targetRef?: Element;
  conditionExpression?: Element & { body?: string };
  default?: Element;
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
};
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

/** `user:acme01; role:finance-manager; department:SALES; superior; expression:…` → rules (bad parts → problems). */
export function parseApprovers(text: string): { rules: ApproverRule[]; bad: string[] } {
  const rules: ApproverRule[] = [];
  const bad: string[] = [];
  for (const part of text
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [kind, ...rest] = part.split(':');
    const value = rest.join(':').trim();
    if (kind === 'superior' && !value) rules.push({ kind: 'superior' });
    else if (kind === 'user' && value) rules.push({ kind: 'user', loginno: value });
    else if (kind === 'role' && value) rules.push({ kind: 'role', role: value });
    else if (kind === 'department' && value) rules.push({ kind: 'department', code: value });
    else if (kind === 'expression' && value && compiles(value)) rules.push({ kind: 'expression', expression: value });
    else bad.push(part);
  }
  return { rules, bad };
}

function compiles(expression: string): boolean {
  try {
    compileRule(expression);
    return true;
  } catch {
    return false;
  }
}

/** A user task's approvers: Atrium's own attribute, else what Camunda Modeler's properties panel writes
 *  (assignee and candidate users are login numbers, candidate groups are role ids; its `${…}`
 *  expressions are not this engine's and are refused). */
function approversOf(task: Element): { rules: ApproverRule[]; bad: string[] } {
  const attrs = task.$attrs ?? {};
  const own = Object.entries(attrs).find(([name]) => name.endsWith(':approvers') && !name.startsWith('camunda:'));
  if (own) return parseApprovers(own[1]);
  const list = (name: string) =>
    (attrs[`camunda:${name}`] ?? '')
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
  const users = [...list('assignee'), ...list('candidateUsers')];
  const groups = list('candidateGroups');
  const plain = (v: string) => !v.includes('${') && !v.includes('#{');
  return {
    rules: [
      ...users.filter(plain).map((loginno): ApproverRule => ({ kind: 'user', loginno })),
      ...groups.filter(plain).map((role): ApproverRule => ({ kind: 'role', role })),
    ],
    bad: [...users, ...groups].filter((v) => !plain(v)),
  };
}

/** An exclusive gateway the acting user decides (Atrium's own attribute, any prefix bound to its namespace). */
const isChoice = (gateway: Element) =>
  Object.entries(gateway.$attrs ?? {}).some(
    ([name, value]) => name.endsWith(':choice') && !name.startsWith('camunda:') && value === 'true',
  );

/** Reads one process of a BPMN 2.0 document. */
export async function readProcess(xml: string, processId: string): Promise<ReadProcess> {
  let root: { rootElements?: Element[] };
  let warnings: string[];
  try {
    const read = await new BpmnModdle().fromXML(xml, 'bpmn:Definitions');
    root = read.rootElement as typeof root;
    warnings = read.warnings.map((w) => w.message);
  } catch (error) {
    return { problems: [], warnings: [], notBpmn: (error as Error).message.split('\n')[0] };
  }
  const process = root.rootElements?.find((e) => e.$type === 'bpmn:Process' && e.id === processId);
  if (!process) return { problems: [], warnings, missing: true };
  return { ...compileProcess(process), warnings };
}

export interface ReadProcess {
  /** Absent when there are problems. */
  definition?: ProcessDefinition;
  problems: DefinitionProblem[];
  /** What the BPMN reader let pass but noticed (unknown content). */
  warnings: string[];
  /** The text is not BPMN 2.0 XML: the reader's first line. */
  notBpmn?: string;
  /** The document holds no process with that id. */
  missing?: boolean;
}

function compileProcess(process: Element): { definition?: ProcessDefinition; problems: DefinitionProblem[] } {
  const problems: DefinitionProblem[] = [];
  const problem = (e: Element | string, key: string, params: Record<string, unknown> = {}) => {
    const element = typeof e === 'string' ? e : (e.id ?? '');
    problems.push({
      element,
      key: `workflow.problem.${key}`,
      params: { element, type: typeof e === 'string' ? '' : typeName(e), ...params },
    });
  };
  const nodes: Record<string, ProcessNode> = {};
  const flows: Record<string, ProcessFlow> = {};
  const elements = process.flowElements ?? [];

  for (const e of elements) {
    if (IGNORED.has(e.$type)) continue;
    if (!e.id) continue;
    // What cannot run still joins the graph (as a plain step), so the flows through it raise no
    // further problems: the one problem is the element itself.
    const kind = KINDS[e.$type] ?? 'auto';
    if (!KINDS[e.$type]) problem(e, 'unsupported');
    if (e.eventDefinitions?.length) problem(e, 'eventDefinition', { event: typeName(e.eventDefinitions[0]) });
    const node: ProcessNode = { id: e.id, name: e.name ?? e.id, kind, incoming: [], outgoing: [] };
    if (e.loopCharacteristics) {
      if (
        kind !== 'manual' ||
        e.loopCharacteristics.$type !== 'bpmn:MultiInstanceLoopCharacteristics' ||
        e.loopCharacteristics.isSequential
      )
        problem(e, 'loop');
      else node.approval = 'all';
    }
    if (kind === 'manual') {
      const { rules, bad } = approversOf(e);
      for (const part of bad) problem(e, 'badApprover', { part });
      node.approvers = rules;
      node.approval ??= 'any';
      if (rules.length === 0 && bad.length === 0) problem(e, 'noApprovers');
    }
    if (kind === 'exclusive' && e.default?.id) node.defaultFlow = e.default.id;
    if (kind === 'exclusive' && isChoice(e)) node.choice = true;
    nodes[e.id] = node;
  }

  for (const e of elements.filter((x) => x.$type === 'bpmn:SequenceFlow')) {
    const source = e.sourceRef?.id ?? '';
    const target = e.targetRef?.id ?? '';
    if (!nodes[source] || !nodes[target]) continue; // an unsupported end already has its problem
    const condition = e.conditionExpression?.body?.trim();
    if (condition && !compiles(condition)) problem(e, 'badCondition', { condition });
    flows[e.id!] = { id: e.id!, name: e.name ?? '', source, target, ...(condition ? { condition } : {}) };
    nodes[source].outgoing.push(e.id!);
    nodes[target].incoming.push(e.id!);
  }

  const starts = Object.values(nodes).filter((n) => n.kind === 'start');
  if (starts.length !== 1) problem(process, 'oneStart', { count: starts.length });
  if (!Object.values(nodes).some((n) => n.kind === 'complete')) problem(process, 'noEnd');
  for (const node of Object.values(nodes)) {
    if (node.kind !== 'complete' && node.outgoing.length === 0) problem(node.id, 'deadEnd', { name: node.name });
    if (node.kind === 'start' && node.incoming.length > 0) problem(node.id, 'intoStart', { name: node.name });
    if (node.kind === 'exclusive' && !node.choice && node.outgoing.length > 1) {
      const unconditioned = node.outgoing.filter((f) => !flows[f].condition && f !== node.defaultFlow);
      if (unconditioned.length > 0)
        problem(node.id, 'noCondition', { name: node.name, flows: unconditioned.join(', ') });
    }
  }
  if (starts.length === 1) {
    const reached = new Set<string>([starts[0].id]);
    const queue = [starts[0].id];
    while (queue.length > 0) {
      for (const f of nodes[queue.shift()!].outgoing) {
        if (reached.has(flows[f].target)) continue;
        reached.add(flows[f].target);
        queue.push(flows[f].target);
      }
    }
    for (const node of Object.values(nodes))
      if (!reached.has(node.id)) problem(node.id, 'unreachable', { name: node.name });
  }
  for (const loop of engineCycles({ nodes, flows })) problem(loop[0], 'engineLoop', { nodes: loop.join(' → ') });
  if (problems.length > 0) return { problems };
  return {
    definition: { id: process.id!, name: process.name ?? process.id!, start: starts[0].id, nodes, flows },
    problems,
  };
}
