// The controller of a record dialog (docs/adr/0154-dialog-screen-kinds.md): reads the record afresh on
// opening, keeps the user's changes over it (switches flipped, users added to a group or removed), and
// saves it whole in one call.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordScreen } from '../../../core/catalogue/types.ts';
import { callAny } from '../../api/client.ts';
import { useCallAny } from '../../api/queries.ts';
import { mayCall } from '../../session/reach.ts';
import { notifySuccess } from '../../shell/notify.ts';
import { useCatalogue } from '../catalogue-context.ts';
import type { DialogMessage } from '../dialog/useDialogMessage.ts';
import type { PickedUser } from '../user-picker/user-select-types.ts';
import { useDraft } from '../useDraft.ts';
import { dataArgs, labelValues } from './data-args.ts';

export type Item = Record<string, unknown>;
type Rec = Record<string, unknown>;

/** The group's items with the picked users added, each user once per group. */
export function withUsers(items: Item[], users: PickedUser[], spec: NonNullable<RecordScreen['users']>, group: string) {
  const { user, by } = spec;
  const have = new Set(items.filter((i) => i[by] === group).map((i) => i[user.id]));
  const fresh = users
    .filter((u) => !have.has(u.id))
    .map((u) => ({ [user.id]: u.id, [user.name]: u.name, [user.loginno]: u.loginno ?? '', [by]: group }));
  return [...items, ...fresh];
}

export function useRecord(
  screen: RecordScreen,
  data: Record<string, unknown>,
  messages: DialogMessage,
  onClose: (result?: unknown) => void,
) {
  const { t } = useTranslation();
  const { calls } = useCatalogue();
  const read = useCallAny<Rec>(
    screen.read.call,
    { ...dataArgs(screen.read, data, calls), silent: true },
    { onFailure: messages.showFailure, fresh: true },
  );
  const [record, change] = useDraft<Rec>(read.data);
  const [busy, setBusy] = useState(false);
  const mayChange = mayCall(screen.save.call);
  const spec = screen.users;
  const itemsOf = (r: Rec | null) => (spec && Array.isArray(r?.[spec.field]) ? r[spec.field] : []) as Item[];
  const items = itemsOf(record);

  const flip = (field: string, on: boolean) => change((r) => ({ ...r, [field]: on }));
  const add = (group: string, users: PickedUser[]) =>
    spec && change((r) => ({ ...r, [spec.field]: withUsers(itemsOf(r), users, spec, group) }));
  const remove = (item: Item) => spec && change((r) => ({ ...r, [spec.field]: itemsOf(r).filter((i) => i !== item) }));

  const save = async () => {
    if (!record) return;
    const shown = [...(screen.switches ?? []).map((s) => s.field), ...(spec ? [spec.field] : [])];
    const body = Object.fromEntries(shown.map((f) => [f, record[f]]));
    setBusy(true);
    try {
      await callAny(screen.save.call, { ...dataArgs(screen.save, data, calls), body, silent: true });
      notifySuccess(t(screen.save.done, labelValues(screen.values, data)));
      onClose({ reload: true });
    } catch (e) {
      messages.showFailure(e);
      setBusy(false);
    }
  };

  return { record, items, flip, add, remove, save, busy, mayChange };
}
