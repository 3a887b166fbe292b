// The controller of a rows dialog (docs/adr/0154-dialog-screen-kinds.md): reads the rows afresh on
// opening and after each save; what the user typed is kept per row, apart from what was read, until
// that row is saved. Users picked in the user-selection dialog are added to a row's text.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowsScreen } from '../../../core/catalogue/types.ts';
import { callAny } from '../../api/client.ts';
import { useCallAny } from '../../api/queries.ts';
import { mayCall } from '../../session/reach.ts';
import { notifySuccess } from '../../shell/notify.ts';
import type { DialogMessage } from '../dialog/useDialogMessage.ts';
import type { PickedUser } from '../user-picker/user-select-types.ts';
import { useCatalogue } from '../catalogue-context.ts';
import { dataArgs, labelValues } from './data-args.ts';

export type Row = Record<string, unknown>;

/** A picked user written by `format` (`user:{{loginno}}`), or nothing when a field it names is empty. */
export function formatUser(format: string, user: PickedUser): string | null {
  let missing = false;
  const text = format.replace(/\{\{(id|name|loginno)\}\}/g, (_, field: keyof PickedUser) => {
    const value = user[field];
    if (!value) missing = true;
    return value ?? '';
  });
  return missing ? null : text;
}

/** The text with the users added, each once, parts joined by `join`. */
export function addUsers(text: string, users: PickedUser[], format: string, join: string): string {
  const parts = text
    .split(join.trim() || join)
    .map((p) => p.trim())
    .filter(Boolean);
  for (const u of users) {
    const part = formatUser(format, u);
    if (part && !parts.includes(part)) parts.push(part);
  }
  return parts.join(join);
}

export function useRows(screen: RowsScreen, data: Record<string, unknown>, messages: DialogMessage) {
  const { calls } = useCatalogue();
  const { t } = useTranslation();
  const read = useCallAny<unknown>(
    screen.read.call,
    { ...dataArgs(screen.read, data, calls), silent: true },
    { onFailure: messages.showFailure, fresh: true },
  );
  const answer = screen.read.rows ? (read.data as Row | undefined)?.[screen.read.rows] : read.data;
  const rows: Row[] | null = read.isError ? [] : read.data === undefined ? null : Array.isArray(answer) ? answer : [];
  const keyOf = (row: Row) => screen.key.map((k) => String(row[k])).join('\n');
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const field = screen.edit.field;
  const valueOf = (row: Row) => edits[keyOf(row)] ?? String(row[field] ?? '');
  const setValue = (row: Row, value: string) => setEdits((now) => ({ ...now, [keyOf(row)]: value }));
  const mayChange = mayCall(screen.save.call);

  const pick = (row: Row, users: PickedUser[]) => {
    const { format, join } = screen.edit.pick!;
    setValue(row, addUsers(valueOf(row), users, format, join));
  };

  const save = async (row: Row) => {
    const key = keyOf(row);
    const edited = { ...row, [field]: valueOf(row) };
    const body = Object.fromEntries(Object.entries(screen.save.body).map(([name, from]) => [name, edited[from]]));
    setBusy(key);
    try {
      await callAny(screen.save.call, { ...dataArgs(screen.save, data, calls), body, silent: true });
      setEdits(({ [key]: _saved, ...rest }) => rest);
      messages.clear();
      notifySuccess(t(screen.save.done, labelValues(screen.save.values, edited)));
    } catch (e) {
      messages.showFailure(e);
    } finally {
      setBusy(null);
    }
  };

  return { rows, keyOf, valueOf, setValue, pick, save, busy, mayChange };
}
