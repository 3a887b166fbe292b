// The part of bpmn-moddle's API the package check and the diagram layout use (the project declares
// its own narrow view of the library).
declare module 'bpmn-moddle' {
  export interface ModdleElement {
    $type: string;
    id?: string;
    get(name: string): unknown;
    set(name: string, value: unknown): void;
  }
  export class BpmnModdle {
    /** `packages`: extension descriptors by prefix (a vendor's, e.g. camunda-bpmn-moddle's camunda.json). */
    constructor(packages?: Record<string, unknown>);
    fromXML(xml: string, typeName?: string): Promise<{ rootElement: unknown; warnings: Array<{ message: string }> }>;
    toXML(element: unknown, options?: { format?: boolean }): Promise<{ xml: string }>;
  }
}
