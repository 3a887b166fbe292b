// The controller of a checklist dialog (docs/adr/0154-dialog-screen-kinds.md): reads the rows afresh
// on opening, keeps which keys are checked, and saves the checked (or unchecked) keys in one call.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChecklistScreen } from '../../../core/catalogue/types.ts';
import { callAny } from '../../api/client.ts';
import { useCallAny } from '../../api/queries.ts';
import { mayCall } from '../../session/reach.ts';
import { notifySuccess } from '../../shell/notify.ts';
import type { DialogMessage } from '../dialog/useDialogMessage.ts';
import { useDraft } from '../useDraft.ts';
import { useCatalogue } from '../catalogue-context.ts';
import { dataArgs, labelValues } from './data-args.ts';

export type Row = Record<string, unknown>;

function rowsOf(screen: ChecklistScreen, answer: unknown): Row[] {
  const rows = screen.read.rows ? (answer as Row | undefined)?.[screen.read.rows] : answer;
  return Array.isArray(rows) ? (rows as Row[]) : [];
}

export function useChecklist(
  screen: ChecklistScreen,
  data: Record<string, unknown>,
  messages: DialogMessage,
  onClose: (result?: unknown) => void,
) {
  const { calls } = useCatalogue();
  const { t } = useTranslation();
  const read = useCallAny(
    screen.read.call,
    { ...dataArgs(screen.read, data, calls), silent: true },
    { onFailure: messages.showFailure, fresh: true },
  );
  const rows: Row[] | null = read.isError ? [] : read.data === undefined ? null : rowsOf(screen, read.data);
  const keyOf = (row: Row) => String(row[screen.key]);
  const first = rows && rows.filter((r) => screen.checked && r[screen.checked] === true).map(keyOf);
  const [checked, setChecked] = useDraft<string[]>(first);
  const [busy, setBusy] = useState(false);
  const mayChange = mayCall(screen.save.call);

  const toggle = (key: string) =>
    setChecked((now) => (now.includes(key) ? now.filter((k) => k !== key) : [...now, key]));

  const save = async () => {
    const sent = (rows ?? []).map(keyOf).filter((k) => checked?.includes(k) === (screen.save.send === 'checked'));
    if (screen.save.required && !checked?.length) return messages.show('warning', t(screen.save.required));
    setBusy(true);
    try {
      const args = dataArgs(screen.save, data, calls);
      await callAny(screen.save.call, {
        ...args,
        body: screen.save.as ? { [screen.save.as]: sent } : sent,
        silent: true,
      });
      if (screen.save.done) notifySuccess(t(screen.save.done, labelValues(screen.values, data)));
      onClose({ reload: true });
    } catch (e) {
      messages.showFailure(e);
      setBusy(false);
    }
  };

  return { rows, checked: checked ?? [], toggle, save, busy, mayChange, keyOf };
}
