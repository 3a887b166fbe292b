// Check: screen kinds, plugins, cell renderers, widgets, guards and dialogs the catalogue names are registered
// in the console registry (src/console/registry.ts).
import type { ReferenceKind } from './references/reference.ts';
import { referencesOf } from './references/by-kind.ts';
import type { Check, RegistryNames } from './problem.ts';
import { DIALOG_SCREEN_KINDS } from '../../src/core/catalogue/dialog-screens.ts';

const REGISTRIES: Array<[ReferenceKind, keyof RegistryNames, string]> = [
  ['screenKind', 'screenKinds', 'screen kind'],
  ['plugin', 'plugins', 'plugin'],
  ['cellRenderer', 'cellRenderers', 'cell renderer'],
  ['widget', 'widgets', 'widget'],
  ['guard', 'guards', 'guard'],
  ['dialog', 'dialogs', 'dialog'],
];

export const checkRegistry: Check = ({ catalogue, registry }) => {
  if (!registry) return [];
  return REGISTRIES.flatMap(([kind, list, what]) => {
    // A `dialog:` may also name a dialog screen (docs/adr/0154-dialog-screen-kinds.md).
    const screens = Object.values(catalogue.screens).filter(
      (s) => list === 'dialogs' && DIALOG_SCREEN_KINDS.has(s.kind),
    );
    const known = new Set([...registry[list], ...screens.map((s) => s.id)]);
    return referencesOf(catalogue, kind)
      .filter((r) => !known.has(r.name))
      .map((r) => ({
        file: r.file,
        pointer: r.pointer,
        message: `${what} "${r.name}" is not registered in src/console/registry.ts (${list})`,
      }));
  });
};
