// A call activity as each modeler writes it (docs/adr/0139-call-activities-and-conditional-events.md): the process it calls
// (`calledElement`, Camunda 8's `zeebe:calledElement processId`) and the variables that go in and come
// back out — Camunda 7, Flowable and Activiti's `in`/`out` (source or a one-variable sourceExpression
// to target, or variables="all"), Camunda 8's `zeebe:ioMapping` inputs and outputs (every variable when
// none are given in, every variable of the called instance back unless `propagateAllChildVariables`
// is false). A mapping the engine cannot read is a problem naming the element. Camunda 7's `local="true"`
// maps from or into the call activity's own variables, its `camunda:inputOutput` parameters
// (docs/adr/0226-call-activity-input-output-parameters.md).
import { soleVariable, vendorExpression } from './vendor-expression.ts';
import type { CallSpec, VariableMapping } from './process-types.ts';
import { localOf, prefixOf } from './vendor-attributes.ts';

interface Generic {
  $type: string;
  $attrs?: Record<string, string>;
  $children?: Generic[];
  [attribute: string]: unknown;
}
export interface CallElement {
  $type: string;
  calledElement?: string;
  $attrs?: Record<string, string>;
  extensionElements?: { values?: Generic[] };
}

export interface CallReading {
  call?: CallSpec;
  problems: Array<{ key: string; params?: Record<string, unknown> }>;
  /** Vendor parts this reading honours. */
  honoured: string[];
}

const PREFIXES = ['camunda', 'flowable', 'activiti'];
/** An attribute of a generic extension element (bpmn-moddle keeps unknown ones as properties). */
const attr = (x: Generic, name: string) =>
  typeof x[name] === 'string' ? (x[name] as string).trim() : x.$attrs?.[name]?.trim();
/** A one-variable expression (`${amount}`, `=amount`) or a plain name → the variable; else undefined. */
const variableOf = (text: string) =>
  vendorExpression(text) ? soleVariable(text) : /^[A-Za-z_][\w]*$/.test(text) ? text : undefined;
const BUSINESS_KEY = /^[$#]\{\s*execution\.(processBusinessKey|getProcessBusinessKey\(\))\s*\}$/;

export function readCallActivity(e: CallElement): CallReading {
  const problems: CallReading['problems'] = [];
  const honoured: string[] = [];
  const values = e.extensionElements?.values ?? [];
  const zeebe = values.find((x) => x.$type === 'zeebe:calledElement');
  let process = e.calledElement?.trim();
  const call: CallSpec = { process: '', inAll: false, in: [], outAll: false, out: [] };
  if (zeebe) {
    honoured.push(zeebe.$type);
    process = attr(zeebe, 'processId');
    // Camunda 8 passes every variable in and back unless told otherwise.
    call.inAll = attr(zeebe, 'propagateAllParentVariables') !== 'false';
    call.outAll = attr(zeebe, 'propagateAllChildVariables') !== 'false';
  }
  if (process?.startsWith('=')) {
    const literal = /^=\s*"([^"]+)"\s*$/.exec(process)?.[1];
    if (!literal) problems.push({ key: 'calledExpression', params: { value: process } });
    process = literal;
  } else if (process && vendorExpression(process)) {
    problems.push({ key: 'calledExpression', params: { value: process } });
    process = undefined;
  }
  if (!process && problems.length === 0) problems.push({ key: 'calledNone' });
  call.process = process ?? '';
  const mapping = (x: Generic, direction: 'in' | 'out'): void => {
    const into = direction === 'in' ? call.in : call.out;
    const local = attr(x, 'local') === 'true';
    if (attr(x, 'variables') === 'all') {
      if (direction === 'in') call[local ? 'inAllLocal' : 'inAll'] = true;
      else call[local ? 'outAllLocal' : 'outAll'] = true;
      return;
    }
    const businessKey = attr(x, 'businessKey');
    if (businessKey !== undefined) {
      if (direction === 'in' && BUSINESS_KEY.test(businessKey)) call.businessKey = true;
      else problems.push({ key: 'callMapping', params: { part: x.$type, value: businessKey } });
      return;
    }
    const source = attr(x, 'source') ?? attr(x, 'sourceExpression');
    const variable = source === undefined ? undefined : variableOf(source);
    const target = attr(x, 'target');
    if (!variable || !target) problems.push({ key: 'callMapping', params: { part: x.$type, value: source ?? '' } });
    else into.push({ source: variable, target, ...(local ? { local: true } : {}) } satisfies VariableMapping);
  };
  for (const x of values) {
    const local = localOf(x.$type);
    if (PREFIXES.includes(prefixOf(x.$type)) && (local === 'in' || local === 'out')) {
      honoured.push(x.$type);
      mapping(x, local);
      if (x.$type === 'camunda:out') call.outOnError = true;
    }
    if (x.$type === 'zeebe:ioMapping') {
      honoured.push(x.$type);
      for (const child of x.$children ?? []) {
        const direction = child.$type === 'zeebe:input' ? 'in' : child.$type === 'zeebe:output' ? 'out' : undefined;
        if (direction) mapping(child, direction);
      }
    }
  }
  // Camunda 8 gives every variable in only when no input names what goes in.
  if (zeebe && call.in.length > 0 && attr(zeebe, 'propagateAllParentVariables') === undefined) call.inAll = false;
  for (const [name, value] of Object.entries(e.$attrs ?? {})) {
    const local = localOf(name);
    if (!PREFIXES.includes(prefixOf(name))) continue;
    // The newest version of the called process is always the one started.
    if (local === 'calledElementBinding' && value === 'latest') honoured.push(name);
    // Flowable's way of saying the called element is a process's id, and its tenants' fallback.
    if ((local === 'calledElementType' && value === 'key') || local === 'fallbackToDefaultTenant') honoured.push(name);
    if (local === 'inheritVariables' && value === 'true') {
      call.inAll = true;
      honoured.push(name);
    }
  }
  return { ...(problems.length === 0 ? { call } : {}), problems, honoured };
}
