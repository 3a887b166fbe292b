// What the modelers write beside the BPMN standard (docs/adr/0117-vendor-expressions.md): Camunda 7's
// `camunda:`, Flowable's `flowable:` and Activiti's `activiti:` attributes and extension elements, and
// Camunda 8's `zeebe:` extension elements. The engine honours who is assigned; everything else a
// vendor part asks for is sorted here into what cannot run (a problem: code to call) and what the
// engine does not honour but can run without (a warning the administrator accepts at install).

interface Extension {
  $type: string;
  [attribute: string]: unknown;
}

export interface VendorElement {
  $type: string;
  $attrs?: Record<string, string>;
  extensionElements?: { values?: Extension[] };
}

export const VENDOR_PREFIXES = ['camunda', 'flowable', 'activiti'] as const;

/** Who a user task names, as written (plain values split at commas; expressions whole). */
export interface Assignment {
  users: string[];
  groups: string[];
}

/** Why a vendor part is not honoured, by its kind (the message key workflow.warning.<kind>). */
export type Unhonoured = 'form' | 'schedule' | 'async' | 'mapping' | 'starters' | 'other';

export interface VendorFinding {
  /** The attribute or extension element as written (`camunda:formKey`, `zeebe:ioMapping`). */
  part: string;
  value: string;
}

const split = (value: unknown) =>
  typeof value !== 'string'
    ? []
    : /^[$#]\{|^=/.test(value.trim())
      ? [value.trim()]
      : value
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean);

/** A qualified name's prefix (`camunda` of `camunda:assignee`) and its local part. */
export const prefixOf = (name: string) => name.split(':')[0];
export const localOf = (name: string) => name.split(':').slice(1).join(':');
const isVendor = (name: string) =>
  (VENDOR_PREFIXES as readonly string[]).includes(prefixOf(name)) || prefixOf(name) === 'zeebe';

/** Atrium's own attribute `local` of an element (`approvers`, `choice`, `workingTime`, `topic`): written
 *  with any prefix but the modelers', as the drawing binds it; its qualified name and value. */
export function ownAttribute(
  e: Pick<VendorElement, '$attrs'>,
  local: string,
): { name: string; value: string } | undefined {
  const found = Object.entries(e.$attrs ?? {}).find(
    ([name]) => name.includes(':') && localOf(name) === local && !isVendor(name) && prefixOf(name) !== 'xmlns',
  );
  return found && { name: found[0], value: found[1] };
}

/** The assignee, candidate users and candidate groups of a task, from any vendor's attributes or
 *  Camunda 8's `zeebe:assignmentDefinition`. */
export function assignmentOf(task: VendorElement): Assignment {
  const attrs = task.$attrs ?? {};
  const users: string[] = [];
  const groups: string[] = [];
  for (const [name, value] of Object.entries(attrs)) {
    if (!VENDOR_PREFIXES.some((p) => prefixOf(name) === p)) continue;
    const local = localOf(name);
    if (local === 'assignee' || local === 'candidateUsers') users.push(...split(value));
    if (local === 'candidateGroups') groups.push(...split(value));
  }
  for (const ext of task.extensionElements?.values ?? []) {
    if (localOf(ext.$type) !== 'assignmentDefinition' || prefixOf(ext.$type) !== 'zeebe') continue;
    users.push(...split(ext.assignee), ...split(ext.candidateUsers));
    groups.push(...split(ext.candidateGroups));
  }
  return { users, groups };
}

/** Attributes and extensions the engine honours, or that describe only the drawing or its tooling. */
const HONOURED = new Set(['assignee', 'candidateUsers', 'candidateGroups', 'assignmentDefinition', 'initiator']);
const TOOLING = new Set([
  'historyTimeToLive',
  'versionTag',
  'isStartableInTasklist',
  'executionPlatform',
  'executionPlatformVersion',
]);
/** Parts that call code: a Java class, a bean, an expression or script run for effect, a job worker's topic. */
const CODE = new Set([
  'class',
  'delegateExpression',
  'expression',
  'type',
  'topic',
  'taskDefinition',
  'script',
  'resultVariable',
  'taskListener',
  'executionListener',
  'connector',
  'field',
  'decisionRef',
  'calledElement',
]);
const KINDS: Record<string, Unhonoured> = {
  formKey: 'form',
  formRef: 'form',
  formRefBinding: 'form',
  formRefVersion: 'form',
  formHandlerClass: 'form',
  formData: 'form',
  formProperty: 'form',
  formDefinition: 'form',
  userTaskForm: 'form',
  formFieldValidation: 'form',
  dueDate: 'schedule',
  followUpDate: 'schedule',
  priority: 'schedule',
  taskSchedule: 'schedule',
  asyncBefore: 'async',
  asyncAfter: 'async',
  async: 'async',
  exclusive: 'async',
  jobPriority: 'async',
  failedJobRetryTimeCycle: 'async',
  // Honoured on user and external tasks, sub-processes, plain steps, catch events' Zeebe outputs (io-mappings.ts)
  // and call activities (call-activity.ts, io-mappings.ts `readCallParameters`), warned elsewhere.
  inputOutput: 'mapping',
  ioMapping: 'mapping',
  in: 'mapping',
  out: 'mapping',
  properties: 'mapping',
  taskHeaders: 'mapping',
  candidateStarterGroups: 'starters',
  candidateStarterUsers: 'starters',
};

/** The vendor parts of one element the engine does not honour: `code` ones cannot run (refused),
 *  the others are listed as warnings by kind. */
export function vendorFindings(element: VendorElement): {
  code: VendorFinding[];
  unhonoured: Array<VendorFinding & { kind: Unhonoured }>;
} {
  const code: VendorFinding[] = [];
  const unhonoured: Array<VendorFinding & { kind: Unhonoured }> = [];
  const sort = (part: string, value: string) => {
    const local = localOf(part);
    if (HONOURED.has(local) || TOOLING.has(local)) return;
    if (CODE.has(local)) code.push({ part, value });
    else unhonoured.push({ part, value, kind: KINDS[local] ?? 'other' });
  };
  for (const [name, value] of Object.entries(element.$attrs ?? {})) if (isVendor(name)) sort(name, value);
  for (const ext of element.extensionElements?.values ?? []) {
    if (!isVendor(ext.$type)) continue;
    const value = ['class', 'expression', 'delegateExpression', 'type', 'name', 'event']
      .map((a) => ext[a])
      .filter((v): v is string => typeof v === 'string')
      .join(' ');
    sort(ext.$type, value);
  }
  return { code, unhonoured };
}

/** The variable a start event stores the initiator's login number in (`camunda:initiator="starter"`). */
export function initiatorVariable(start: VendorElement): string | undefined {
  const found = Object.entries(start.$attrs ?? {}).find(
    ([name]) => VENDOR_PREFIXES.some((p) => prefixOf(name) === p) && localOf(name) === 'initiator',
  );
  return found?.[1];
}
