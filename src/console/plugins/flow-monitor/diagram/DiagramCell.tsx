// Cell renderer `process-diagram`: the diagram viewer (ProcessDiagram) over an answer's diagram, so a
// panel screen draws an instance's diagram from YAML (docs/adr/0157-task-runtime-in-yaml.md). The
// diagram is named after the row's process (`flowName`, or its instance's).
import type { CellProps } from '../../../runtime/cells/types.ts';
import { ProcessDiagram } from './ProcessDiagram.tsx';
import type { ProcessToDraw } from './process-viewer.ts';

const nameOf = (row: Record<string, unknown>): string => {
  const instance = row.instance as { flowName?: unknown } | undefined;
  return String(row.flowName ?? instance?.flowName ?? '');
};

export default function DiagramCell({ value, row }: CellProps) {
  if (!value || typeof value !== 'object') return null;
  return <ProcessDiagram diagram={value as ProcessToDraw} name={nameOf(row)} />;
}
