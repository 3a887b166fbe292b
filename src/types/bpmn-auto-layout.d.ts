// bpmn-auto-layout ships no types: it answers the document with diagram interchange for its first process.
declare module 'bpmn-auto-layout' {
  export function layoutProcess(xml: string): Promise<string>;
}
