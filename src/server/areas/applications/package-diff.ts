// What installing a package changes: each part (module, resource, PC or mobile menu, role, form,
// process) added, changed or removed against the installed version's manifest. The preview shows this
// list; the install writes it.
import { flattenMenus, MENU_KINDS, type Manifest, type Text } from '../../../core/packages/package-types.ts';

export type PartKind = 'module' | 'resource' | 'pcMenu' | 'mobileMenu' | 'role' | 'form' | 'process';
export type PartChange = 'added' | 'changed' | 'removed';

export interface ChangedPart {
  part: PartKind;
  id: string;
  name: Text;
  change: PartChange;
}

type Part = { id: string; name: Text; compared: unknown };

/** JSON with every object's keys sorted: the stored manifest (jsonb) comes back with its keys reordered. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Every part of a manifest by kind, with what decides whether it changed. */
export function partsOf(m: Manifest | undefined): Record<PartKind, Part[]> {
  const menus = (kind: 'pc' | 'mobile') =>
    flattenMenus(m?.menus?.[kind]).map(({ menu, parent, order }) => ({
      id: menu.id,
      name: menu.name,
      compared: { name: menu.name, module: menu.module, icon: menu.icon, parent, order },
    }));
  const [pcMenu, mobileMenu] = MENU_KINDS.map(menus);
  return {
    module: (m?.modules ?? []).map((x) => ({ id: x.id, name: x.name, compared: x.name })),
    resource: (m?.modules ?? []).flatMap((x) =>
      (x.resources ?? []).map((r) => ({ id: r.id, name: r.name, compared: { ...r, module: x.id } })),
    ),
    pcMenu,
    mobileMenu,
    role: (m?.roles ?? []).map((x) => ({ id: x.id, name: x.name, compared: x })),
    form: (m?.forms ?? []).map((x) => ({ id: x.id, name: x.name, compared: x })),
    process: (m?.processes ?? []).map((x) => ({ id: x.id, name: x.name, compared: x })),
  };
}

/** `processFiles`: the BPMN text of each side's processes by id, so a changed diagram is a changed process. */
export function diffManifests(
  before: Manifest | undefined,
  after: Manifest,
  bpmn: { before: Map<string, string>; after: Map<string, string> },
): ChangedPart[] {
  const [old, now] = [partsOf(before), partsOf(after)];
  const changes: ChangedPart[] = [];
  for (const part of Object.keys(now) as PartKind[]) {
    const was = new Map(old[part].map((p) => [p.id, p]));
    const is = new Map(now[part].map((p) => [p.id, p]));
    const same = (a: Part, b: Part) =>
      canonical(a.compared) === canonical(b.compared) &&
      (part !== 'process' || bpmn.before.get(a.id) === bpmn.after.get(b.id));
    for (const p of now[part]) {
      const prior = was.get(p.id);
      if (!prior) changes.push({ part, id: p.id, name: p.name, change: 'added' });
      else if (!same(prior, p)) changes.push({ part, id: p.id, name: p.name, change: 'changed' });
    }
    for (const p of old[part]) if (!is.has(p.id)) changes.push({ part, id: p.id, name: p.name, change: 'removed' });
  }
  return changes;
}

/** -1, 0 or 1 as version a (major.minor.patch) is older, the same or newer than b. */
export function compareVersions(a: string, b: string): number {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
  return 0;
}
