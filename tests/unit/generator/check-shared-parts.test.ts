// Shared panel parts (docs/adr/0172-catalogue-derives-parts-facts-and-fields.md): `atrium check` passes
// the history both instance panels use, and refuses a `use` naming no shared part, a shared part no
// panel uses, a shared part using another and a using part repeating a shared property; the loaded
// catalogue has the parts expanded.
import { describe, expect, it } from 'vitest';
import { checkSharedParts } from '../../../generator/check/shared-parts.ts';
import { buildCatalogue } from '../../../src/core/catalogue/build.ts';
import { loadCatalogue } from '../../../src/core/catalogue/from-disk.ts';
import type { PanelScreen } from '../../../src/core/catalogue/types.ts';

type Part = Record<string, unknown>;
type ScreenFile = { parts: Record<string, Part>; screens: Array<{ id: string; parts?: Part[] }> };

const { docs } = loadCatalogue();
function edit(change: (flows: ScreenFile, runtime: ScreenFile) => void) {
  const changed = structuredClone(docs);
  const file = (name: string) => changed.find((d) => d.file === `schemas/screens/${name}.yaml`)!.data as ScreenFile;
  change(file('flows'), file('task-runtime'));
  const catalogue = buildCatalogue(changed).catalogue;
  return checkSharedParts({ catalogue, docs: changed, handlerIds: null, registry: null }).map(
    (p) => `${p.file.replace(/^schemas\/screens\//, '')}:${p.pointer.replace(/^\/screens\/\d+/, '')} ${p.message}`,
  );
}
const usingPart = (file: ScreenFile, screen: string) =>
  file.screens.find((s) => s.id === screen)!.parts!.find((p) => p.use === 'flow.history')!;

describe('shared panel parts', () => {
  it('pass as the catalogue has them, expanded when it loads', () => {
    expect(edit(() => {})).toEqual([]);
    const { catalogue } = loadCatalogue();
    const part = (catalogue.screens['flow.instance'] as unknown as PanelScreen).parts.find(
      (p) => p.testId === 'flow-instance-history',
    )!;
    expect(part).not.toHaveProperty('use');
    expect(part.table?.testId).toBe('flow-history');
  });

  it('refuses an unknown name, an unused shared part, a shared part using another and a repeated property', () => {
    const index = (file: ScreenFile, screen: string) =>
      file.screens.find((s) => s.id === screen)!.parts!.findIndex((p) => p.use === 'flow.history');
    let at = -1;
    expect(
      edit((flows, runtime) => {
        at = index(runtime, 'runtime.instance');
        usingPart(runtime, 'runtime.instance').use = 'flow.histories';
        usingPart(flows, 'flow.instance').title = 'flow.history.title';
        flows.parts['flow.spare'] = { use: 'flow.history', title: 'flow.jobs.title' };
      }).sort(),
    ).toEqual(
      [
        `flows.yaml:/parts/${index(docs.find((d) => d.file === 'schemas/screens/flows.yaml')!.data as ScreenFile, 'flow.instance')}/title repeats "title" of the shared part "flow.history"`,
        'flows.yaml:/parts/flow.spare/use a shared part cannot use another',
        'flows.yaml:/parts/flow.spare no panel uses the shared part "flow.spare"',
        `task-runtime.yaml:/parts/${at}/use no screen file's parts define "flow.histories"`,
      ].sort(),
    );
  });
});
