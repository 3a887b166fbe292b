// The role's grants being edited (docs/adr/0039-permissions-role-leaves.md): the three trees with the states the server gives, the checked
// nodes as the user changes them (one draft over the three trees, saved together), whether it differs
// from what is stored, and the save that replaces the role's grants in one call.
import { useCallback, useMemo, useState } from 'react';
import { call } from '../../api/client.ts';
import { useRead } from '../../api/queries.ts';
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
  const key = `${appId}/${roleId}`;
  const read = useRead(
    ['permissionTrees', appId, roleId],
    (signal) =>
      Promise.all(TREE_TABS.map((tab) => call(TREE_CALLS[tab], { params: { id: appId }, query: { roleId }, signal }))),
    { enabled: Boolean(appId && roleId), fresh: true },
  );
  const { refetch } = read;
  const [pc, mobile, modules] = read.isError ? [[], [], []] : (read.data ?? []);
  // Another application's or role's trees are not shown while this one's load; a reading again after
  // the save keeps them on screen meanwhile.
  const trees = useMemo(() => (pc && mobile && modules ? { pc, mobile, modules } : null), [pc, mobile, modules]);
  // The user's changes over what is stored: a reading again (after any change) never drops them.
  const [edits, setEdits] = useState<{ key: string; draft: Checked } | null>(null);
  const [saving, setSaving] = useState(false);

  const stored = useMemo<Checked | null>(
    () =>
      trees ? { pc: checkedOf(trees.pc), mobile: checkedOf(trees.mobile), modules: checkedOf(trees.modules) } : null,
    [trees],
  );
  const draft = edits?.key === key ? edits.draft : stored;
  const dirty = Boolean(stored && draft && TREE_TABS.some((tab) => !sameSet(stored[tab], draft[tab])));
  const setChecked = useCallback(
    (tab: TreeTab, ids: string[]) => draft && setEdits({ key, draft: { ...draft, [tab]: ids } }),
    [key, draft],
  );
  const undo = useCallback(() => setEdits(null), []);

  const save = useCallback(async () => {
    if (!draft) return null;
    setSaving(true);
    try {
      const saved = await call('permissions.save', {
        params: { id: appId },
        body: { roleId, pc: draft.pc, mobile: draft.mobile, resources: draft.modules },
      });
      await refetch(); // the stored grants replace the draft once read, with no flash of the old ones
      setEdits(null);
      return saved;
    } catch {
      return null; // the client said why
    } finally {
      setSaving(false);
    }
  }, [appId, roleId, draft, refetch]);

  return { trees, checked: draft, dirty, saving, setChecked, undo, save };
}
