// The structural elements of a drawing (docs/adr/0124-embedded-sub-processes-and-ends.md,
// docs/adr/0125-multi-instance-approvals.md): embedded sub-processes read flat with the level each
// node is drawn in, what end and boundary events throw and catch, and a multi-instance approval's
// collection and completion condition in each modeler's spelling.
import { VENDOR_PREFIXES } from './vendor-attributes.ts';
import { ExpressionError, soleVariable, vendorExpression, vendorRule } from './vendor-expression.ts';
import type { EndKind, ErrorVariables, MultiInstance, MultiInstanceOutput } from './process-types.ts';

/** A BPMN element as bpmn-moddle reads it (the parts the engine looks at). */
export interface Element {
  $type: string;
  id?: string;
  name?: string;
  $attrs?: Record<string, string>;
  flowElements?: Element[];
  eventDefinitions?: Array<
    Element & {
      errorRef?: { errorCode?: string; id?: string; $attrs?: Record<string, string> };
      escalationRef?: { escalationCode?: string; id?: string };
    }
  >;
  loopCharacteristics?: Element & {
    isSequential?: boolean;
    loopCardinality?: { body?: string };
    completionCondition?: { body?: string };
    extensionElements?: { values?: Array<{ $type: string; [attribute: string]: unknown }> };
  };
  sourceRef?: Element;
  targetRef?: Element;
  conditionExpression?: Element & { body?: string; language?: string };
  script?: string;
  attachedToRef?: Element;
  cancelActivity?: boolean;
  triggeredByEvent?: boolean;
  default?: Element;
}

/** Every flow element of the process and of its embedded sub-processes, each with the sub-process
 *  it is drawn in. Event sub-processes and transactions are not entered: they are refused whole. */
export function flattenScopes(process: Element): Array<{ element: Element; parent?: string }> {
  const found: Array<{ element: Element; parent?: string }> = [];
  const visit = (container: Element, parent?: string) => {
    for (const element of container.flowElements ?? []) {
      found.push({ element, parent });
      if (isEmbedded(element)) visit(element, element.id);
    }
  };
  visit(process);
  return found;
}

export const isEmbedded = (e: Element) => e.$type === 'bpmn:SubProcess' && !e.triggeredByEvent;

export type EventRole =
  | { end?: EndKind; code?: string; errorMessage?: string }
  | { catches: 'error' | 'escalation'; code?: string; interrupting: boolean }
  | { throws: 'escalation'; code?: string };

/** What an event's definition makes it do, or undefined when the engine does not run it: end events
 *  may terminate or throw an error (with the message its `bpmn:error` declares, Camunda 7's
 *  `camunda:errorMessage`) or escalation, intermediate throw events an escalation, boundary events catch
 *  one (docs/adr/0195-escalations-walk-up-and-error-data.md). */
export function eventRoleOf(e: Element): EventRole | undefined {
  const [definition, ...more] = e.eventDefinitions ?? [];
  if (!definition) return e.$type === 'bpmn:BoundaryEvent' ? undefined : {};
  if (more.length > 0) return undefined;
  const error = definition.$type === 'bpmn:ErrorEventDefinition';
  const escalation = definition.$type === 'bpmn:EscalationEventDefinition';
  const code = error
    ? (definition.errorRef?.errorCode ?? definition.errorRef?.id)
    : escalation
      ? (definition.escalationRef?.escalationCode ?? definition.escalationRef?.id)
      : undefined;
  if (e.$type === 'bpmn:EndEvent') {
    if (definition.$type === 'bpmn:TerminateEventDefinition') return { end: 'terminate' };
    const errorMessage =
      error && definition.errorRef ? vendorAttribute(definition.errorRef, 'errorMessage') : undefined;
    if (error || escalation)
      return {
        end: error ? 'error' : 'escalation',
        ...(code ? { code } : {}),
        ...(errorMessage ? { errorMessage } : {}),
      };
  }
  if (e.$type === 'bpmn:IntermediateThrowEvent' && escalation)
    return { throws: 'escalation', ...(code ? { code } : {}) };
  if (e.$type === 'bpmn:BoundaryEvent' && (error || escalation))
    return {
      catches: error ? 'error' : 'escalation',
      ...(code ? { code } : {}),
      // An error always cancels the activity it leaves (BPMN 2.0 §10.5.4); an escalation may not.
      interrupting: error || e.cancelActivity !== false,
    };
  return undefined;
}

/** The variables a boundary event sets with what it catches, as Camunda 7 draws them on its event
 *  definition: an error's code and message (`errorCodeVariable`, `errorMessageVariable`), an
 *  escalation's code (`escalationCodeVariable`, docs/adr/0195-escalations-walk-up-and-error-data.md);
 *  undefined when it names none (or is no such boundary). */
export function errorVariablesOf(e: Element): ErrorVariables | undefined {
  const [definition] = e.eventDefinitions ?? [];
  if (e.$type !== 'bpmn:BoundaryEvent') return undefined;
  const error = definition?.$type === 'bpmn:ErrorEventDefinition';
  if (!error && definition?.$type !== 'bpmn:EscalationEventDefinition') return undefined;
  const code = vendorAttribute(definition, error ? 'errorCodeVariable' : 'escalationCodeVariable')?.trim();
  const message = error ? vendorAttribute(definition, 'errorMessageVariable')?.trim() : undefined;
  if (!code && !message) return undefined;
  return { ...(code ? { code } : {}), ...(message ? { message } : {}) };
}

/** A vendor attribute of the loop (`camunda:collection`, `flowable:elementVariable`, …). */
const vendorAttribute = (loop: Pick<Element, '$attrs'>, local: string) =>
  Object.entries(loop.$attrs ?? {}).find(([name]) => VENDOR_PREFIXES.some((p) => name === `${p}:${local}`))?.[1];

/** Why a loop is not read: a reason for `workflow.problem.loop`, or another message key with its parameters. */
export interface LoopRefusal {
  reason: string;
  key?: string;
  params?: Record<string, unknown>;
}

type ZeebeLoop = { $type: string; [attribute: string]: unknown };

/** Camunda 8's output collection (docs/adr/0202-multi-instance-output-collections.md): both halves or
 *  neither; `outputCollection` a variable name, `outputElement` an `=` expression read into the rule
 *  language. Undefined when the loop collects nothing. */
function outputOf(zeebe: ZeebeLoop | undefined): MultiInstanceOutput | LoopRefusal | undefined {
  const collection = typeof zeebe?.outputCollection === 'string' ? zeebe.outputCollection.trim() : undefined;
  const element = typeof zeebe?.outputElement === 'string' ? zeebe.outputElement.trim() : undefined;
  if (!collection && !element) return undefined;
  const part = collection ? `outputCollection="${collection}"` : `outputElement="${element}"`;
  if (!collection || !element)
    return {
      reason: 'output',
      key: 'outputHalf',
      params: { part, missing: collection ? 'outputElement' : 'outputCollection' },
    };
  if (!/^[A-Za-z_][\w]*$/.test(collection))
    return { reason: 'output', key: 'outputBad', params: { part, reason: 'not a variable name' } };
  const bad = (reason: string) => ({
    reason: 'output',
    key: 'outputBad',
    params: { part: `outputElement="${element}"`, reason },
  });
  if (vendorExpression(element)?.dialect !== 'feel') return bad('not an =… expression');
  try {
    const local = soleVariable(element);
    return { collection, element: vendorRule(element), ...(local ? { local } : {}) };
  } catch (error) {
    if (!(error instanceof ExpressionError)) throw error;
    return bad(error.message);
  }
}

/** The parts of a multi-instance loop every modeler writes alike: sequential or not, the collection's
 *  one variable, the element variable and the completion condition read into the rule language. */
function loopParts(
  loop: NonNullable<Element['loopCharacteristics']>,
): { multi: MultiInstance; collectionText?: string; elementVariable?: string } | LoopRefusal {
  if (loop.$type !== 'bpmn:MultiInstanceLoopCharacteristics') return { reason: 'standard loop' };
  const zeebe = loop.extensionElements?.values?.find((v) => v.$type === 'zeebe:loopCharacteristics');
  // Flowable's collecting of the instances' variables is not done here: refused, not run without it.
  const aggregation = loop.extensionElements?.values?.find((v) => v.$type.endsWith(':variableAggregation'));
  if (aggregation) return { reason: aggregation.$type };
  const output = outputOf(zeebe);
  if (output && 'reason' in output) return output;
  const collectionText = (zeebe?.inputCollection as string | undefined) ?? vendorAttribute(loop, 'collection');
  const elementVariable = (zeebe?.inputElement as string | undefined) ?? vendorAttribute(loop, 'elementVariable');
  const multi: MultiInstance = { sequential: loop.isSequential === true };
  if (collectionText) {
    const variable = vendorExpression(collectionText)
      ? soleVariable(collectionText)
      : /^[A-Za-z_][\w]*$/.test(collectionText.trim())
        ? collectionText.trim()
        : undefined;
    if (variable) multi.collection = `'${variable}'`;
    else if (!vendorExpression(collectionText)) return { reason: `collection ${collectionText}` };
    else
      try {
        // Any expression read (`=sort(offers, function(a, b) a.price < b.price)`), evaluated over the
        // variables as a variable's collection is (docs/adr/0239-feel-zoned-times-and-functions.md).
        multi.collection = vendorRule(collectionText);
      } catch (error) {
        if (!(error instanceof ExpressionError)) throw error;
        return { reason: `collection ${collectionText}: ${error.message}` };
      }
  }
  const cardinality = loop.loopCardinality?.body?.trim();
  if (cardinality && !collectionText) {
    // A count instead of a collection (docs/adr/0167-multi-instance-cardinality-waits-and-joins.md):
    // a whole number as written, or a vendor expression over the variables.
    if (/^\d+$/.test(cardinality)) multi.cardinality = cardinality;
    else if (!vendorExpression(cardinality)) return { reason: `loopCardinality ${cardinality}` };
    else
      try {
        multi.cardinality = vendorRule(cardinality);
      } catch (error) {
        if (!(error instanceof ExpressionError)) throw error;
        return { reason: `loopCardinality ${cardinality}: ${error.message}` };
      }
  }
  const completion = loop.completionCondition?.body?.trim() ?? (zeebe?.completionCondition as string | undefined);
  if (completion) {
    try {
      multi.completion = vendorRule(completion);
    } catch (error) {
      if (!(error instanceof ExpressionError)) throw error;
      return { reason: `completionCondition ${completion}: ${error.message}` };
    }
  }
  if (output) multi.output = { ...output, ...(elementVariable ? { elementVariable } : {}) };
  return { multi, collectionText, ...(elementVariable ? { elementVariable } : {}) };
}

/** A multi-instance approval as written, or why it is not read: a collection must name one variable
 *  (`${approvers}`, `=approvers`, or the bare name Camunda 7 also accepts), and its element variable
 *  must be who is assigned (`assignee="${approver}"`) or what the assignee is computed from
 *  (`readsElement`: `${reviewer.login}`, an input over it, docs/adr/0227-multi-instance-assignee-per-element.md),
 *  since each instance is one approver's task. */
export function multiInstanceOf(
  task: Element,
  assignedVariables: readonly string[],
  readsElement: (variable: string) => boolean = () => false,
): { multi: MultiInstance; elementVariable?: string } | LoopRefusal {
  const read = loopParts(task.loopCharacteristics!);
  if ('reason' in read) return read;
  const { multi, elementVariable } = read;
  const assigned = (v: string) => assignedVariables.includes(v) || readsElement(v);
  if (multi.collection && (!elementVariable || !assigned(elementVariable)))
    return { reason: `elementVariable ${elementVariable ?? ''} is not the assignee` };
  // Each output entry is an element's: a count has no elements to order them by.
  if (multi.output && !multi.collection) return outputWhere(multi.output);
  return { multi, ...(elementVariable ? { elementVariable } : {}) };
}

/** A multi-instance embedded sub-process (docs/adr/0148-multi-instance-sub-processes.md): one instance
 *  of its inside per element of a collection variable, each seeing the element under its element
 *  variable (both required), or a count of instances told apart by their loopCounter (`loopCardinality`,
 *  docs/adr/0167-multi-instance-cardinality-waits-and-joins.md). */
export function multiInstanceSubProcessOf(subProcess: Element): { multi: MultiInstance } | LoopRefusal {
  const read = loopParts(subProcess.loopCharacteristics!);
  if ('reason' in read) return read;
  if (!read.multi.collection && !read.multi.cardinality) return { reason: 'no collection' };
  // Each output entry is an element's (docs/adr/0212-multi-instance-sub-process-outputs.md): a count has
  // no elements to order them by, as for approvals.
  if (read.multi.output && !read.multi.collection) return outputWhere(read.multi.output);
  if (read.multi.cardinality && !read.elementVariable) return { multi: read.multi };
  if (!read.elementVariable || !/^[A-Za-z_][\w]*$/.test(read.elementVariable))
    return { reason: `elementVariable ${read.elementVariable ?? ''}` };
  return { multi: { ...read.multi, elementVariable: read.elementVariable } };
}

/** The refusal of an output collection where the engine does not collect one. */
export const outputWhere = (output: MultiInstanceOutput): LoopRefusal => ({
  reason: 'output',
  key: 'outputWhere',
  params: { part: `outputCollection="${output.collection}"` },
});
