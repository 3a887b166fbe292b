// The role's grants being edited (docs/adr/0039-permissions-role-leaves.md): the three trees with the states the server gives, the checked
// nodes as the user changes them (one draft over the three trees, saved together), whether it differs
// from what is stored, and the save that replaces the role's grants in one call.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { call } from '../../api/client.ts';
import type { Calls } from '../../../core/generated/api-types.ts';

export type PermissionNode = Calls['permissions.pcMenus']['reply'][number];
export const TREE_TABS = ['pc', 'mobile', 'modules'] as const;
export type TreeTab = (typeof TREE_TABS)[number];
type Checked = Record<TreeTab, string[]>;

const TREE_CALLS = {
  pc: 'permissions.pcMenus',
  mobile: 'permissions.mobileMenus',
  modules: 'permissions.modules',
} as const;
const checkedOf = (nodes: PermissionNode[]) => nodes.filter((n) => n.state === 'checked').map((n) => n.id);
const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && new Set([...a, ...b]).size === a.length;

export function usePermissionDraft(appId: string, roleId: string) {
  // The trees and the draft of one application and role; a save's reload keeps them on screen meanwhile.
  const [loaded, setLoaded] = useState<{
    key: string;
    trees: Record<TreeTab, PermissionNode[]>;
    draft: Checked;
  } | null>(null);
  const key = `${appId}/${roleId}`;
  const [saving, setSaving] = useState(false);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (!appId || !roleId) return;
    let current = true;
    Promise.all(TREE_TABS.map((tab) => call(TREE_CALLS[tab], { params: { id: appId }, query: { roleId } }))).then(
      ([pc, mobile, modules]) =>
        current &&
        setLoaded({
          key,
          trees: { pc, mobile, modules },
          draft: { pc: checkedOf(pc), mobile: checkedOf(mobile), modules: checkedOf(modules) },
        }),
      () =>
        current &&
        setLoaded({ key, trees: { pc: [], mobile: [], modules: [] }, draft: { pc: [], mobile: [], modules: [] } }),
    );
    return () => {
      current = false;
    };
  }, [appId, roleId, key, generation]);

  const trees = loaded?.key === key ? loaded.trees : null;
  const draft = loaded?.key === key ? loaded.draft : null;

  const stored = useMemo<Checked | null>(
    () =>
      trees ? { pc: checkedOf(trees.pc), mobile: checkedOf(trees.mobile), modules: checkedOf(trees.modules) } : null,
    [trees],
  );
  const dirty = Boolean(stored && draft && TREE_TABS.some((tab) => !sameSet(stored[tab], draft[tab])));
  const setChecked = useCallback(
    (tab: TreeTab, ids: string[]) => setLoaded((l) => (l ? { ...l, draft: { ...l.draft, [tab]: ids } } : l)),
    [],
  );
  const undo = useCallback(() => setLoaded((l) => (l && stored ? { ...l, draft: stored } : l)), [stored]);

  const save = useCallback(async () => {
    if (!draft) return null;
    setSaving(true);
    try {
      const saved = await call('permissions.save', {
        params: { id: appId },
        body: { roleId, pc: draft.pc, mobile: draft.mobile, resources: draft.modules },
      });
      setGeneration((g) => g + 1);
      return saved;
    } catch {
      return null; // the client said why
    } finally {
      setSaving(false);
    }
  }, [appId, roleId, draft]);

  return { trees, checked: draft, dirty, saving, setChecked, undo, save };
}
