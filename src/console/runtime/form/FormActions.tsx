// The catalogue actions of a form, drawn after Save, with the dialog, import, form dialog or confirmation
// they open; a dialog closing with `{ reload: true }` asks the form to reload its record. A form dialog
// (which saves another record, never this one) starts a new record of `fixed` values; the action's `query` names its save call's path parameters
// from this form's fields (the test SMS's enterprise).
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ActionDef } from '../../../core/catalogue/types.ts';
import { CatalogueIcon } from '../CatalogueIcon.tsx';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { OpenDialog } from '../dialog/OpenDialog.tsx';
import { ImportDialog } from '../import/ImportDialog.tsx';
import { FormDialog } from '../dialog/FormDialog.tsx';
import { dialogName } from '../dialog/dialog-names.ts';
import { hasIcon } from '../icons.ts';
import type { Row } from '../screen-types.ts';
import { useFormActions } from './useFormActions.ts';

const pathValues = (query: Record<string, string> | undefined, data: Row) =>
  Object.fromEntries(Object.entries(query ?? {}).map(([name, field]) => [name, String(data[field] ?? '')]));

export function FormActions({
  actions,
  formData,
  onReload,
  tab,
}: {
  actions: ActionDef[] | undefined;
  formData: Row;
  onReload?: () => void;
  tab?: string;
}) {
  const { t } = useTranslation();
  const form = useFormActions(actions, formData, tab, onReload);
  const closeDialog = (result?: unknown) => {
    form.closeDialog();
    if ((result as { reload?: boolean } | undefined)?.reload) onReload?.();
  };
  return (
    <>
      {form.visible.map((action) => (
        <Button
          key={action.id}
          data-testid={`form-action-${action.id}`}
          variant={action.variant === 'primary' ? 'contained' : 'outlined'}
          color={action.variant === 'danger' ? 'error' : 'primary'}
          startIcon={hasIcon(action.icon) ? <CatalogueIcon name={action.icon} /> : undefined}
          loading={form.running === action.id}
          onClick={() => form.run(action)}
        >
          {t(action.label)}
        </Button>
      ))}
      {form.dialog?.form ? (
        <FormDialog
          screenId={form.dialog.form}
          data={{ ...form.dialog.fixed }}
          fixed={form.dialog.fixed}
          idField="id"
          params={pathValues(form.dialog.query, formData)}
          onClose={() => form.closeDialog()}
        />
      ) : form.dialog?.import ? (
        <ImportDialog screenId={form.dialog.import} data={formData} onClose={closeDialog} />
      ) : (
        form.dialog?.dialog && (
          <OpenDialog name={dialogName(form.dialog.dialog)} data={formData} onClose={closeDialog} />
        )
      )}
      <ConfirmDialog
        text={form.confirming?.confirm ? t(form.confirming.confirm) : null}
        onConfirm={form.confirm}
        onCancel={form.cancelConfirm}
      />
    </>
  );
}
