// Code the engine cannot run, done by a worker instead (docs/adr/0258-code-mapped-to-external-topics.md):
// a service, send, script or business-rule task carrying Atrium's own `topic` attribute runs as an
// external task on that topic, in place of the Java class, bean, expression or script its modeler gave it.
// The install preview writes the attribute into the stored file, so every later reading sees the same.
import type { BpmnModdle } from 'bpmn-moddle';
import { modelerModdle } from './modeler-moddle.ts';
import { localOf, ownAttribute } from './vendor-attributes.ts';

/** The namespace of Atrium's own BPMN attributes (`approvers`, `choice`, `workingTime`, `topic`). */
const ATRIUM_NAMESPACE = 'urn:atrium:bpmn';

/** The elements whose work a worker can do. */
export const MAPPABLE_TYPES: ReadonlySet<string> = new Set([
  'bpmn:ServiceTask',
  'bpmn:SendTask',
  'bpmn:ScriptTask',
  'bpmn:BusinessRuleTask',
]);

/** Listeners run around an element's work, not as it: a topic does not replace them. */
const AROUND = new Set(['taskListener', 'executionListener']);

/** Whether a vendor part that calls code is the element's own work, which a topic replaces. */
export const replacedByTopic = (part: string) => !AROUND.has(localOf(part));

interface TopicElement {
  $type: string;
  $attrs?: Record<string, string>;
}

/** The attribute holding the element's mapped topic (any prefix but the modelers'), when it has one. */
export function mappedTopicAttribute(e: TopicElement): { name: string; topic: string } | undefined {
  const own = MAPPABLE_TYPES.has(e.$type) ? ownAttribute(e, 'topic') : undefined;
  return own && own.value.trim() !== '' ? { name: own.name, topic: own.value.trim() } : undefined;
}

/** The file with each named element given its topic, and the ids that name no element a worker can do
 *  (left out); written as the file's modeler saves it, so only those elements and the namespace change. */
export async function writeTopics(
  xml: string,
  topics: Record<string, string>,
): Promise<{ xml: string; unmappable: string[] }> {
  const { moddle } = modelerModdle(xml);
  let read: Awaited<ReturnType<BpmnModdle['fromXML']>> & { elementsById?: Record<string, TopicElement> };
  try {
    read = await moddle.fromXML(xml, 'bpmn:Definitions');
  } catch {
    return { xml, unmappable: Object.keys(topics) }; // not BPMN: the check says why, for a process file
  }
  const byId = read.elementsById ?? {};
  const unmappable = Object.keys(topics).filter((id) => !byId[id] || !MAPPABLE_TYPES.has(byId[id].$type));
  const mapped = Object.entries(topics).filter(([id]) => !unmappable.includes(id));
  if (mapped.length === 0) return { xml, unmappable };
  // moddle's `$attrs` are read-only properties of objects that are written in place.
  const root = read.rootElement as unknown as Required<TopicElement>;
  const declared = Object.entries(root.$attrs).find(
    ([name, value]) => name.startsWith('xmlns:') && value === ATRIUM_NAMESPACE,
  );
  let prefix = declared ? localOf(declared[0]) : 'atrium';
  if (!declared) {
    while (root.$attrs[`xmlns:${prefix}`] !== undefined) prefix = `${prefix}x`;
    root.$attrs[`xmlns:${prefix}`] = ATRIUM_NAMESPACE;
  }
  for (const [id, topic] of mapped) {
    const element = byId[id] as Required<TopicElement>;
    const existing = mappedTopicAttribute(element);
    if (existing) delete element.$attrs[existing.name];
    element.$attrs[`${prefix}:topic`] = topic;
  }
  return { xml: (await moddle.toXML(read.rootElement, { format: true })).xml, unmappable };
}
