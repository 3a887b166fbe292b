// The waiting parts of a drawing (docs/adr/0126-timers-and-messages.md, docs/adr/0127-jobs-and-external-tasks.md):
// timer and message catch events, the event-based gateway, timer, message and error boundary events,
// message and timer start events, and service tasks a worker does (Camunda 7's `camunda:type="external"`, Camunda
// 8's `zeebe:taskDefinition`). Each reads into a node of its kind; what the engine cannot honour is a
// problem naming the element. A timer's duration counts working time when the element carries the
// extension property `atrium.workingTime` = `true` (or an attribute `…:workingTime="true"` in a namespace
// of the drawing's own).
import { compileRule } from '../rules.ts';
import { parseCycle, parseDateTime, parseDuration } from './iso-duration.ts';
import { ExpressionError, vendorExpression, vendorRule } from './vendor-expression.ts';
import type { EventTrigger, NodeKind, ProcessFlow, ProcessNode, TimerSpec, VariableEvent } from './process-types.ts';
import { mappedTopicAttribute } from './topic-mapping.ts';
import { localOf, ownAttribute, prefixOf } from './vendor-attributes.ts';

interface Expression {
  body?: string;
}
interface Generic {
  $type: string;
  correlationKey?: string;
  name?: string;
  value?: string;
  type?: string;
  retries?: string;
  $children?: Generic[];
}
export interface EventElement {
  $type: string;
  id?: string;
  $attrs?: Record<string, string>;
  cancelActivity?: boolean;
  attachedToRef?: { id?: string };
  extensionElements?: { values?: Generic[] };
  eventDefinitions?: Array<{
    $type: string;
    timeDuration?: Expression;
    timeDate?: Expression;
    timeCycle?: Expression;
    messageRef?: { name?: string; id?: string; extensionElements?: { values?: Generic[] } };
    condition?: Expression;
    errorRef?: { errorCode?: string };
    $attrs?: Record<string, string>;
  }>;
}

export interface EventReading {
  kind: NodeKind;
  fields: Partial<ProcessNode>;
  problems: Array<{ key: string; params?: Record<string, unknown> }>;
  /** Vendor parts this reading honours (not "code" the engine cannot run). */
  honoured: string[];
}

export const WORKING_TIME_PROPERTY = 'atrium.workingTime';

const VENDORS = ['camunda', 'flowable', 'activiti', 'zeebe'];

/** Extension properties (`camunda:properties`, `zeebe:properties`) by name. */
function propertiesOf(e: EventElement): Map<string, string> {
  const found = new Map<string, string>();
  for (const ext of e.extensionElements?.values ?? [])
    if (localOf(ext.$type) === 'properties')
      for (const p of ext.$children ?? []) if (p.name) found.set(p.name, p.value ?? '');
  return found;
}

/** Extension properties of the element that are all Atrium's own: honoured, not warned about. */
const ownPropertiesPart = (e: EventElement): string[] =>
  (e.extensionElements?.values ?? [])
    .filter(
      (ext) =>
        localOf(ext.$type) === 'properties' &&
        (ext.$children ?? []).length > 0 &&
        (ext.$children ?? []).every((p) => p.name?.startsWith('atrium.')),
    )
    .map((ext) => ext.$type);

const workingTimeAsked = (e: EventElement) =>
  propertiesOf(e).get(WORKING_TIME_PROPERTY) === 'true' || ownAttribute(e, 'workingTime')?.value === 'true';

/** A duration or date written as an expression, read into the rule language; a text the reader refuses
 *  is a timer that cannot be read. */
function expressionTimer(
  field: 'durationExpression' | 'dateExpression',
  text: string,
  working: { workingTime?: true },
) {
  try {
    return { timer: { [field]: vendorRule(text), ...working } };
  } catch {
    return { problem: { key: 'badTimer', params: { value: text } } };
  }
}

/** A timer's spec, or the problem with it. `cycles`: whether a repeating timer is allowed here. */
function timerOf(e: EventElement, cycles: boolean): { timer?: TimerSpec; problem?: EventReading['problems'][0] } {
  const d = e.eventDefinitions![0];
  const duration = d.timeDuration?.body?.trim();
  const date = d.timeDate?.body?.trim();
  const cycle = d.timeCycle?.body?.trim();
  const working = workingTimeAsked(e) ? { workingTime: true as const } : {};
  if (duration && vendorExpression(duration)) return expressionTimer('durationExpression', duration, working);
  if (date && vendorExpression(date)) return expressionTimer('dateExpression', date, {});
  if (duration) {
    const parsed = parseDuration(duration);
    if (!parsed) return { problem: { key: 'badTimer', params: { value: duration } } };
    if (working.workingTime && (parsed.years || parsed.months || parsed.weeks))
      return { problem: { key: 'workingTimeUnits', params: { value: duration } } };
    return { timer: { duration, ...working } };
  }
  if (date)
    return parseDateTime(date) ? { timer: { date } } : { problem: { key: 'badTimer', params: { value: date } } };
  if (cycle) {
    if (!cycles) return { problem: { key: 'timerCycle', params: { value: cycle } } };
    const parsed = parseCycle(cycle);
    return parsed ? { timer: { cycle, ...working } } : { problem: { key: 'badTimer', params: { value: cycle } } };
  }
  return { problem: { key: 'badTimer', params: { value: '' } } };
}

/** What an event definition waits for, or the problem with it; `keyed`: a message's correlation key is read. */
function triggerOf(
  e: EventElement,
  allowed: string[],
  cycles: boolean,
  keyed = true,
): { event?: EventTrigger; problem?: EventReading['problems'][0] } {
  const definitions = e.eventDefinitions ?? [];
  const d = definitions[0];
  if (definitions.length !== 1 || !allowed.includes(d.$type))
    return { problem: { key: 'eventDefinition', params: { event: d ? d.$type.replace('bpmn:', '') : 'none' } } };
  if (d.$type === 'bpmn:TimerEventDefinition') {
    const { timer, problem } = timerOf(e, cycles);
    return timer ? { event: { type: 'timer', timer } } : { problem };
  }
  if (d.$type === CONDITIONAL) return conditionOf(d.condition?.body?.trim() ?? '', d.$attrs ?? {});
  if (d.$type === 'bpmn:MessageEventDefinition') {
    const name = d.messageRef?.name?.trim();
    if (!name) return { problem: { key: 'noMessage' } };
    const { key, problem } = keyed ? correlationKeyOf(d.messageRef) : {};
    return problem
      ? { problem }
      : { event: { type: 'message', message: name, ...(key ? { correlationKey: key } : {}) } };
  }
  return { event: { type: 'error', ...(d.errorRef?.errorCode ? { code: d.errorRef.errorCode } : {}) } };
}

/** Camunda 8's correlation key of a message (`zeebe:subscription correlationKey="=orderId"` in the message's
 *  extension elements) read into the rule language (docs/adr/0245-zeebe-correlation-keys.md); a static
 *  text or an expression outside the subset is a problem, as Zeebe refuses a key that is no expression. */
function correlationKeyOf(message: { extensionElements?: { values?: Generic[] } } | undefined): {
  key?: string;
  problem?: EventReading['problems'][0];
} {
  const text = message?.extensionElements?.values
    ?.find((x) => prefixOf(x.$type) === 'zeebe' && localOf(x.$type) === 'subscription')
    ?.correlationKey?.trim();
  if (!text) return {};
  try {
    return { key: vendorRule(text) };
  } catch (error) {
    const reason = error instanceof ExpressionError ? error.message : (error as Error).message.split('\n')[0];
    return { problem: { key: 'badCorrelationKey', params: { value: text, reason } } };
  }
}

const VARIABLE_EVENTS: readonly VariableEvent[] = ['create', 'update', 'delete'];

/** A vendor attribute of an event definition by its local name (`camunda:variableName`, …). */
const definitionAttribute = (attrs: Record<string, string>, local: string) =>
  Object.entries(attrs)
    .find(([name]) => VENDORS.includes(prefixOf(name)) && localOf(name) === local)?.[1]
    ?.trim();

/** The variable a conditional event watches and the changes of it that count (`camunda:variableName`,
 *  `camunda:variableEvents` as a comma-separated list), or the problem with them. */
function watchedVariable(attrs: Record<string, string>): {
  watch?: { variable?: string; changes?: VariableEvent[] };
  problem?: EventReading['problems'][0];
} {
  const variable = definitionAttribute(attrs, 'variableName') || undefined;
  const events = definitionAttribute(attrs, 'variableEvents');
  const changes = events ? events.split(',').map((v) => v.trim()) : [];
  const unknown = changes.find((c) => !VARIABLE_EVENTS.includes(c as VariableEvent));
  if (unknown !== undefined)
    return {
      problem: { key: 'badEventCondition', params: { condition: events, reason: `variableEvents: ${unknown}` } },
    };
  return {
    watch: { ...(variable ? { variable } : {}), ...(changes.length ? { changes: changes as VariableEvent[] } : {}) },
  };
}

/** A conditional event's condition in the rule language with what it watches, or the problem with it. */
function conditionOf(
  text: string,
  attrs: Record<string, string>,
): { event?: EventTrigger; problem?: EventReading['problems'][0] } {
  if (!text) return { problem: { key: 'noEventCondition' } };
  const { watch, problem } = watchedVariable(attrs);
  if (problem) return { problem };
  try {
    const condition = vendorExpression(text) ? vendorRule(text) : text;
    compileRule(condition);
    return { event: { type: 'conditional', condition, ...watch } };
  } catch (error) {
    const reason = error instanceof ExpressionError ? error.message : (error as Error).message.split('\n')[0];
    return { problem: { key: 'badEventCondition', params: { condition: text, reason } } };
  }
}

const CONDITIONAL = 'bpmn:ConditionalEventDefinition';
const TIMER = 'bpmn:TimerEventDefinition';
const MESSAGE = 'bpmn:MessageEventDefinition';
const ERROR = 'bpmn:ErrorEventDefinition';

/** The topic a service task's worker fetches, from any vendor's way of writing it. */
function externalOf(e: EventElement): { topic: string; retries: number; honoured: string[] } | undefined {
  // A script's or a decision's task runs as a worker's only when mapped (mappedExternal).
  if (e.$type !== 'bpmn:ServiceTask' && e.$type !== 'bpmn:SendTask') return undefined;
  const attrs = e.$attrs ?? {};
  const typeAttr = Object.keys(attrs).find((n) => VENDORS.includes(prefixOf(n)) && localOf(n) === 'type');
  const topicAttr = Object.keys(attrs).find((n) => VENDORS.includes(prefixOf(n)) && localOf(n) === 'topic');
  if (typeAttr && topicAttr && /^external(-worker)?$/.test(attrs[typeAttr]) && attrs[topicAttr].trim())
    return { topic: attrs[topicAttr].trim(), retries: 3, honoured: [typeAttr, topicAttr] };
  const definition = e.extensionElements?.values?.find((x) => x.$type === 'zeebe:taskDefinition');
  if (definition?.type && !/^=/.test(definition.type)) {
    const retries = Number(definition.retries ?? 3);
    return {
      topic: definition.type,
      retries: Number.isInteger(retries) && retries >= 0 ? retries : 3,
      honoured: ['zeebe:taskDefinition'],
    };
  }
  return undefined;
}

/** A task whose code a worker does instead, on the topic Atrium's attribute names (topic-mapping.ts). */
function mappedExternal(e: EventElement): { topic: string; retries: number; honoured: string[] } | undefined {
  const mapped = mappedTopicAttribute(e);
  return mapped && { topic: mapped.topic, retries: 3, honoured: [mapped.name] };
}

/** The element read as one of the waiting kinds, or undefined when it is none of them. */
export function readEventElement(e: EventElement): EventReading | undefined {
  const honoured = ownPropertiesPart(e);
  const reading = (kind: NodeKind, fields: Partial<ProcessNode>, problem?: EventReading['problems'][0]) => ({
    kind,
    fields,
    problems: problem ? [problem] : [],
    honoured,
  });
  switch (e.$type) {
    case 'bpmn:StartEvent': {
      const type = e.eventDefinitions?.[0]?.$type;
      if (type !== MESSAGE && type !== TIMER) return undefined;
      // A timer start (docs/adr/0147-timer-start-events.md) may repeat; it belongs to no enterprise's
      // calendar (the process starts in every enterprise that uses the application), so no working time.
      // Zeebe opens no subscription for a message start event: its message's correlation key is not read.
      const { event, problem } = triggerOf(e, [MESSAGE, TIMER], true, false);
      if (event?.type === 'timer' && event.timer.workingTime)
        return reading('start', {}, { key: 'startWorkingTime', params: {} });
      // A start timer is armed at install, with no instance whose variables an expression could read.
      if (event?.type === 'timer' && (event.timer.durationExpression || event.timer.dateExpression))
        return reading('start', {}, { key: 'startTimerExpression', params: {} });
      return reading('start', event ? { event } : {}, problem);
    }
    case 'bpmn:IntermediateCatchEvent': {
      const { event, problem } = triggerOf(e, [TIMER, MESSAGE, CONDITIONAL], false);
      return reading('catch', event ? { event } : {}, problem);
    }
    case 'bpmn:BoundaryEvent': {
      const interrupting = e.cancelActivity !== false;
      // A condition as a reminder fires each time it becomes true (docs/adr/0194-conditional-boundaries-non-interrupting.md).
      const allowed = interrupting ? [TIMER, MESSAGE, ERROR, CONDITIONAL] : [TIMER, MESSAGE, CONDITIONAL];
      const { event, problem } = triggerOf(e, allowed, !interrupting);
      return reading(
        'boundary',
        { attachedTo: e.attachedToRef?.id ?? '', interrupting, ...(event ? { event } : {}) },
        problem,
      );
    }
    case 'bpmn:EventBasedGateway':
      return reading('eventGateway', {});
    case 'bpmn:ServiceTask':
    case 'bpmn:SendTask':
    case 'bpmn:ScriptTask':
    case 'bpmn:BusinessRuleTask': {
      const external = mappedExternal(e) ?? externalOf(e);
      if (!external) return undefined;
      return {
        ...reading('external', { topic: external.topic, retries: external.retries }),
        honoured: [...honoured, ...external.honoured],
      };
    }
    default:
      return undefined;
  }
}

/** Checks across nodes once the graph is built: boundaries on activities that can carry them (an
 *  error boundary on an external task, the only activity that reports errors), an event-based gateway
 *  followed by catch events only; each activity learns its boundaries. */
export function checkEvents(
  nodes: Record<string, ProcessNode>,
  flows: Record<string, ProcessFlow>,
  problem: (node: ProcessNode, key: string, params?: Record<string, unknown>) => void,
): void {
  for (const node of Object.values(nodes)) {
    // A boundary catching what is thrown inside its activity is the structure's (structure-elements.ts).
    if (node.kind === 'boundary' && !node.catches) {
      const host = nodes[node.attachedTo ?? ''];
      // A multi-instance sub-process holds a token its timers and messages hang on and its conditions watch
      // (docs/adr/0170-multi-instance-ends-boundaries-nested.md, docs/adr/0178-interrupted-sub-processes-multi-instance-calls-messages.md,
      // docs/adr/0184-workers-and-conditions-inside-multi-instance.md).
      const carries =
        host &&
        (host.kind === 'manual' ||
          host.kind === 'external' ||
          host.kind === 'call' ||
          (host.kind === 'subprocess' &&
            host.multi !== undefined &&
            (node.event?.type === 'timer' || node.event?.type === 'message' || node.event?.type === 'conditional')));
      if (!carries || (node.event?.type === 'error' && host.kind !== 'external'))
        problem(node, 'boundaryOn', { host: host?.name ?? node.attachedTo ?? '' });
      else (host.boundaries ??= []).push(node.id);
      if (node.incoming.length > 0) problem(node, 'intoBoundary');
    }
    if (node.kind === 'eventGateway')
      for (const f of node.outgoing) {
        const target = nodes[flows[f].target];
        if (target.kind !== 'catch' || target.incoming.length !== 1 || target.event?.type === 'conditional')
          problem(node, 'eventGatewayTarget', { target: target.name });
      }
  }
}
