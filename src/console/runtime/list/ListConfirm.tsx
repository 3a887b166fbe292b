// A list's confirmation: names the records the action is about and, when the action has an impact
// (what else it would touch), names that too and offers the option the action can carry.
import { Checkbox, FormControlLabel } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { countedText } from '../counted-label.ts';
import type { ListScreenDef } from '../screen-types.ts';
import { useChosenValues } from '../master-detail/chosen-text.ts';
import { recordName } from './record-name.ts';
import type { ListController } from './useListController.ts';

/** The pending confirmation, naming the records it is about. */
function confirmText(screen: ListScreenDef, list: ListController, values: Record<string, string>): string | null {
  const pending = list.confirm.pending;
  if (!pending?.action.confirm) return null;
  const names = pending.ids.map(
    (id) =>
      recordName(
        screen,
        list.rows.find((row) => list.rowId(row) === id),
      ) ?? id,
  );
  const text = countedText(pending.action.confirm, names, values);
  const { affected, action } = pending;
  if (!affected?.length || !action.impact) return text;
  return `${text}\n\n${countedText(
    action.impact.message,
    affected.map((a) => (a.loginno ? `${a.name} (${a.loginno})` : a.name)),
  )}`;
}

/** The option an action's impact offers (e.g. delete the administrators left with no enterprise). */
function ImpactOption({ list }: { list: ListController }) {
  const { t } = useTranslation();
  const pending = list.confirm.pending;
  if (!pending?.affected?.length || !pending.action.impact) return null;
  return (
    <FormControlLabel
      sx={{ mt: 1.5 }}
      control={
        <Checkbox
          data-testid="confirm-option"
          checked={pending.option ?? false}
          onChange={(e) => list.confirm.setOption(e.target.checked)}
        />
      }
      label={t(pending.action.impact.option)}
    />
  );
}

export function ListConfirm({ screen, list }: { screen: ListScreenDef; list: ListController }) {
  const values = useChosenValues();
  return (
    <ConfirmDialog
      text={confirmText(screen, list, values)}
      onConfirm={list.confirm.accept}
      onCancel={list.confirm.cancel}
    >
      <ImpactOption list={list} />
    </ConfirmDialog>
  );
}
