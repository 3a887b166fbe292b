// The names of the console's dialogs: what code may open (OpenDialog's `name` is typed by them) and
// what the registry must load (src/console/registry.ts `dialogs` is typed by them too), so a name
// missing on either side fails to compile; the catalogue's names are checked by `atrium check`
// (docs/adr/0102-no-import-cycles.md).

export const DIALOG_NAMES = ['icon-picker', 'upload', 'flow-detail', 'user-select'] as const;

export type DialogName = (typeof DIALOG_NAMES)[number];

const known: ReadonlySet<string> = new Set(DIALOG_NAMES);

/** A name the catalogue gives (an action's `dialog:`), which `atrium check` has checked is registered. */
export function dialogName(name: string): DialogName {
  if (!known.has(name))
    throw new Error(`dialog "${name}" is not registered in the console (src/console/runtime/dialog/dialog-names.ts)`);
  return name as DialogName;
}
