// Shared panel parts (docs/adr/0172-catalogue-derives-parts-facts-and-fields.md): a screen file's
// top-level `parts` names part fragments once (`flow.history`: the instance history table), and a
// panel's part says `use: flow.history` with its own `testId`, `title`, `when`, … beside it, each
// replacing the shared part's property whole. Expanded when the catalogue loads, so the server, the
// console and the generator all see the finished part; a `use` naming no shared part is left as
// written for `atrium check` (generator/check/shared-parts.ts) to refuse.
import type { PanelPart } from './panel-screen.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The part with its shared part's properties under its own, or the part itself when it uses none
 *  (or one not defined). */
export function expandPart(part: Obj, shared: Record<string, Obj>): Obj {
  const name = part.use;
  if (typeof name !== 'string' || !isObj(shared[name])) return part;
  const { use: _use, ...own } = part;
  return { ...structuredClone(shared[name]), ...own };
}

/** Expands every `use` in the parts of the panel screens given (screen id → screen), in place. */
export function expandSharedParts(
  screens: Record<string, { kind?: string; parts?: unknown }>,
  shared: Record<string, Obj>,
) {
  for (const screen of Object.values(screens)) {
    if (screen.kind !== 'panel' || !Array.isArray(screen.parts)) continue;
    screen.parts = (screen.parts as unknown[]).map((part) =>
      isObj(part) ? expandPart(part, shared) : part,
    ) as PanelPart[];
  }
}
