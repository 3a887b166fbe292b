// Input/output mappings of the tasks the engine runs (docs/adr/0216-input-output-mappings.md): Camunda 8's
// `zeebe:ioMapping` (`zeebe:input source="=expr" target="local"`, `zeebe:output`) and Camunda 7's
// `camunda:inputOutput` (`camunda:inputParameter name="local"` holding `${expr}`, `#{expr}` or plain
// text, `camunda:outputParameter`). Each source is read into the rule language (vendor-expression.ts)
// or kept as a literal; a source the engine cannot evaluate (a script, a list or map, text around an
// expression) or a target that is not one variable's name is a problem naming the element.
import { ExpressionError, vendorRule } from './vendor-expression.ts';
import type { IoMappings, VariableAssignment } from './process-types.ts';

interface Generic {
  $type: string;
  $body?: string;
  $children?: Generic[];
  [attribute: string]: unknown;
}
export interface MappedElement {
  extensionElements?: { values?: Generic[] };
}

export interface IoReading {
  io?: IoMappings;
  problems: Array<{ key: string; params: Record<string, unknown> }>;
  /** The extension elements read (no longer warned about as not honoured). */
  honoured: string[];
  /** Mappings inside an element read that are still not honoured (a boundary event's inputs). */
  unhonoured?: Array<{ part: string; value: string }>;
}

const NAME = /^[A-Za-z_][\w]*$/;
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : undefined);

/** One mapping's value: an expression read, plain text kept as it is, or (none written) null. Camunda 8
 *  reads a source without `=` as a static text, Camunda 7 a text that is not one `${…}` or `#{…}` likewise. */
function valueOf(source: string | undefined, feel: boolean): VariableAssignment['value'] {
  if (source === undefined || source === '') return { literal: null };
  const expression = feel ? source.startsWith('=') : /^[$#]\{[\s\S]*\}$/.test(source);
  if (expression) return { rule: vendorRule(source) };
  if (!feel && /[$#]\{/.test(source)) throw new ExpressionError(`text around an expression: ${source}`);
  return { literal: source };
}

/** The mappings of a task, from whichever vendor's element it carries (one of them). */
export function readIoMappings(e: MappedElement): IoReading {
  const problems: IoReading['problems'] = [];
  const io: IoMappings = { inputs: [], outputs: [] };
  const honoured: string[] = [];
  const add = (
    part: string,
    target: string | undefined,
    source: string | undefined,
    feel: boolean,
    into: VariableAssignment[],
  ) => {
    if (!target || !NAME.test(target)) {
      problems.push({ key: 'ioMapping', params: { part, target: target ?? '', value: source ?? '' } });
      return;
    }
    try {
      into.push({ target, value: valueOf(source, feel) });
    } catch (error) {
      if (!(error instanceof ExpressionError)) throw error;
      problems.push({ key: 'badExpression', params: { expression: source, reason: error.message } });
    }
  };
  for (const x of e.extensionElements?.values ?? []) {
    if (x.$type === 'zeebe:ioMapping') {
      honoured.push(x.$type);
      for (const m of x.$children ?? []) {
        const into = m.$type === 'zeebe:input' ? io.inputs : m.$type === 'zeebe:output' ? io.outputs : undefined;
        if (into) add(m.$type, text(m.target), text(m.source), true, into);
      }
    }
    if (x.$type === 'camunda:inputOutput') {
      honoured.push(x.$type);
      for (const m of x.$children ?? []) {
        const into =
          m.$type === 'camunda:inputParameter'
            ? io.inputs
            : m.$type === 'camunda:outputParameter'
              ? io.outputs
              : undefined;
        if (!into) continue;
        // A script, list or map inside the parameter is not evaluated here.
        const inner = m.$children?.[0];
        if (inner)
          problems.push({ key: 'ioMapping', params: { part: inner.$type, target: text(m.name) ?? '', value: '' } });
        else add(m.$type, text(m.name), text(m.$body), false, into);
      }
    }
  }
  if (honoured.includes('zeebe:ioMapping') && io.outputs.length > 0) io.outputsOnly = true;
  return { ...(honoured.length > 0 && problems.length === 0 ? { io } : {}), problems, honoured };
}

/** The mappings of a catch event (docs/adr/0238-catch-event-input-mappings.md). An intermediate catch
 *  event (a message or timer caught) takes both vendors' inputs and outputs: its inputs are evaluated
 *  when it is entered, before its timer or message wait is armed, and its outputs when it fires. A
 *  boundary event takes Zeebe's outputs alone (docs/adr/0221-sub-process-variable-scopes.md): Zeebe
 *  applies no input there, so its inputs are listed as not honoured, by name; Camunda 7 maps nothing on
 *  a boundary event, so its `camunda:inputOutput` there stays warned about as a whole. */
export function readCatchMappings(e: MappedElement, boundary: boolean): IoReading {
  const read = readIoMappings(e);
  if (!boundary) return read;
  const values = (e.extensionElements?.values ?? []).filter((x) => x.$type === 'zeebe:ioMapping');
  if (values.length === 0) return { problems: [], honoured: [] };
  const inputs = values.flatMap((x) => (x.$children ?? []).filter((m) => m.$type === 'zeebe:input'));
  const outputs = values.map((x) => ({
    ...x,
    $children: (x.$children ?? []).filter((m) => m.$type !== 'zeebe:input'),
  }));
  const zeebe = readIoMappings({ extensionElements: { values: outputs } });
  const unhonoured = inputs.map((m) => ({ part: 'zeebe:input', value: text(m.target) ?? '' }));
  return { ...zeebe, ...(unhonoured.length > 0 ? { unhonoured } : {}) };
}

/** The parameters of a call activity: Camunda 7's `camunda:inputOutput` alone, a scope around the call
 *  (docs/adr/0226-call-activity-input-output-parameters.md); Camunda 8's `zeebe:ioMapping` there is what
 *  goes in and out of the called instance (call-activity.ts). */
export function readCallParameters(e: MappedElement): IoReading {
  const values = (e.extensionElements?.values ?? []).filter((x) => x.$type === 'camunda:inputOutput');
  return values.length > 0 ? readIoMappings({ extensionElements: { values } }) : { problems: [], honoured: [] };
}
