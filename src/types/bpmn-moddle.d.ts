// The part of bpmn-moddle's API the package check uses (the library ships no types).
declare module 'bpmn-moddle' {
  export class BpmnModdle {
    fromXML(xml: string, typeName?: string): Promise<{ rootElement: unknown; warnings: Array<{ message: string }> }>;
  }
}
