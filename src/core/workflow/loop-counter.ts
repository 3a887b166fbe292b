// The `loopCounter` each instance of a multi-instance activity sees, numbered as the engine the file was
// drawn for numbers it (docs/adr/0228-loop-counter-by-vendor.md): Camunda 7, Flowable and Activiti give
// the instance's index in the collection (the first is 0), Camunda 8 (Zeebe) counts from 1.
import type { MultiInstance } from './process-types.ts';

/** The namespaces of Zeebe's extensions, and of those of the engines that count from 0. */
const ZEEBE = 'http://camunda.org/schema/zeebe/1.0';
const FROM_ZERO = ['http://camunda.org/schema/1.0/bpmn', 'http://flowable.org/bpmn', 'http://activiti.org/bpmn'];

/** A BPMN document's `definitions` element as the reader gives it. */
export interface DefinitionsElement {
  exporter?: string;
  $attrs?: Record<string, string>;
}

/** Whether the document was drawn for Camunda 8: the platform Camunda Modeler names
 *  (`modeler:executionPlatform`, "Camunda Cloud"), else, naming none, a document that binds Zeebe's
 *  namespace and none of the other engines' (or an exporter named Zeebe's). */
export function drawnForZeebe(definitions: DefinitionsElement): boolean {
  const attrs = Object.entries(definitions.$attrs ?? {});
  const platform = attrs.find(([name]) => name.endsWith(':executionPlatform'))?.[1];
  if (platform) return /^camunda (cloud|8)/i.test(platform.trim());
  const bound = attrs.filter(([name]) => name === 'xmlns' || name.startsWith('xmlns:')).map(([, uri]) => uri);
  if (bound.some((uri) => FROM_ZERO.includes(uri))) return false;
  return bound.includes(ZEEBE) || /zeebe/i.test(definitions.exporter ?? '');
}

/** The loopCounter of the instance at `index` (0-based: its place in the collection, or in the count). */
export const loopCounterOf = (multi: MultiInstance | undefined, index: number): number =>
  index + (multi?.loopCounterFrom ?? 0);
