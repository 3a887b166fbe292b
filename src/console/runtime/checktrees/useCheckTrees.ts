// A check-trees screen's controller (docs/adr/0153-check-trees-and-pick-lists.md): every tree read with
// the route's values, the checked ids of each as stored and as the user changes them (one draft over
// all the trees, runtime/useDraft.ts), whether they differ, and the save sending them all in one call.
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { CheckTreesScreen } from '../../../core/catalogue/types.ts';
import { callAny } from '../../api/client.ts';
import { useCallsAny } from '../../api/queries.ts';
import { resolveArgs } from '../call-args.ts';
import type { Row } from '../screen-types.ts';
import { useDraft } from '../useDraft.ts';

export type Checked = Record<string, string[]>;

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && new Set([...a, ...b]).size === a.length;

export function useCheckTrees(screen: CheckTreesScreen) {
  const [url] = useSearchParams();
  const reads = screen.trees.map((tree) => resolveArgs(tree.read.args, url));
  const save = resolveArgs(screen.save.args, url);
  const missing = [...new Set([...reads, save].flatMap((r) => r.missing))];
  // The draft belongs to what the trees are of (the application and role): another drops it.
  const key = JSON.stringify([reads, save]);
  const answers = useCallsAny<Row[]>(
    screen.trees.map((tree, i) => ({
      callId: tree.read.call,
      args: { params: reads[i].params, query: reads[i].query },
    })),
    { enabled: missing.length === 0 },
  );
  const failed = answers.some((a) => a.isError);
  const nodes = answers.every((a) => a.data) ? answers.map((a) => a.data!) : failed ? screen.trees.map(() => []) : null;
  const { id, state } = screen.node;
  const nodesKey = JSON.stringify(nodes);
  const stored = useMemo<Checked | null>(() => {
    const read = JSON.parse(nodesKey) as Row[][] | null;
    if (!read) return null;
    return Object.fromEntries(
      screen.trees.map((tree, i) => [tree.id, read[i].filter((n) => n[state] === 'checked').map((n) => String(n[id]))]),
    );
  }, [nodesKey, screen.trees, id, state]);
  const [edits, setEdits] = useState<string>(key);
  const [draft, change, reset] = useDraft<Checked>(stored);
  // A draft of other trees (the role left) is not this one.
  const checked = edits === key ? draft : stored;
  const dirty = Boolean(stored && checked && screen.trees.some((t) => !sameSet(stored[t.id], checked[t.id])));
  const setChecked = useCallback(
    (tree: string, ids: string[]) => {
      setEdits(key);
      change((now) => ({ ...(edits === key ? now : stored!), [tree]: ids }));
    },
    [key, edits, stored, change],
  );
  const [saving, setSaving] = useState(false);

  const send = useCallback(async () => {
    if (!checked) return null;
    setSaving(true);
    try {
      const body = { ...save.body, ...Object.fromEntries(screen.trees.map((t) => [t.body, checked[t.id]])) };
      const saved = await callAny<Record<string, unknown>>(screen.save.call, {
        params: save.params,
        query: save.query,
        body,
      });
      await Promise.all(answers.map((a) => a.refetch())); // the stored grants replace the draft once read
      reset();
      return saved ?? {};
    } catch {
      return null; // the client said why
    } finally {
      setSaving(false);
    }
  }, [checked, save, screen.save.call, screen.trees, answers, reset]);

  return { missing, nodes, checked, dirty, saving, setChecked, undo: reset, save: send };
}
