// The cell renderers with the diagram's one replaced by a stand-in showing the value it is handed: bpmn-js
// does not draw in happy-dom, and what these tests check is what the panel hands the renderer. It goes
// through the registry the screens read (RegistryContext), as the console's own does, not a module mock
// (docs/adr/0251-component-tests-share-one-module-graph.md).
import { cellRenderers, plugins, screenKinds, widgets } from '../../../src/console/registry.ts';
import type { ConsoleRegistry } from '../../../src/console/runtime/registry-context.ts';

function DiagramStub({ value }: { value: { xml?: string } | null }) {
  return <div data-testid="diagram-stub">{value?.xml}</div>;
}
const stub = async () => ({ default: DiagramStub });

export const withDiagramStub: ConsoleRegistry = {
  screenKinds,
  plugins,
  widgets,
  cellRenderers: { ...cellRenderers, 'process-diagram': stub },
};
