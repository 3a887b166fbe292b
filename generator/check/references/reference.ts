// A name one part of the catalogue uses and another part (or the code) must define, with where it is used.

export type ReferenceKind =
  | 'entity'
  | 'call'
  | 'route'
  | 'screen'
  | 'label'
  | 'rule'
  | 'field'
  | 'screenKind'
  | 'plugin'
  | 'cellRenderer'
  | 'widget'
  | 'guard'
  | 'dialog';

export interface Reference {
  kind: ReferenceKind;
  name: string;
  file: string;
  pointer: string;
  /** For `field`: the entity whose properties must hold the name. */
  entity?: string;
  /** For `rule`: the context roots it may read, when fewer than every screen rule's. */
  roots?: readonly string[];
}

/** Builds references for one file location: at(kind, name, subPointer). */
export function referenceSink(out: Reference[], file: string, base: string) {
  return (kind: ReferenceKind, name: unknown, sub: string, entity?: string): void => {
    if (typeof name === 'string')
      out.push({ kind, name, file, pointer: base + sub, ...(entity === undefined ? {} : { entity }) });
  };
}
