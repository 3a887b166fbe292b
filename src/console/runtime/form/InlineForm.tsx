// A catalogue form screen drawn in the page with its submit button, for a plugin that uses the save's
// answer (the API documentation's sign-in answers its token once, docs/adr/0163-api-docs-sign-in-form-and-panel-read-checks.md).
// It is the dialog's form controller (useFormDialog) on a new record: `submit` names the button, a
// refusal is said above it, and the fields stay as they were after a save.
import Save from '@mui/icons-material/Save';
import { Box, Button, Stack } from '@mui/material';
import type { RegistryWidgetsType } from '@rjsf/utils';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';
import { useCatalogue } from '../catalogue-context.ts';
import { CatalogueIcon } from '../CatalogueIcon.tsx';
import { DialogMessageBar } from '../dialog/DialogMessageBar.tsx';
import { CatalogueForm } from './CatalogueForm.tsx';
import { useFormDialog, type FormDialogOptions } from '../dialog/useFormDialog.ts';
import { hasIcon } from '../icons.ts';
import { useConsoleRegistry } from '../registry-context.ts';
import type { FormScreenDef, Row } from '../screen-types.ts';
import { useRegistryDefaults } from '../useRegistryDefaults.ts';

const NEW_RECORD: Row = {};
const OPTIONS: FormDialogOptions = { idField: 'id' };

export interface InlineFormProps {
  /** The catalogue form screen (with `create`). */
  screenId: string;
  /** The form's test id; its button's is `<testId>-submit`. */
  testId: string;
  /** After a save: the call's answer and the record saved (`local` fields included). */
  onSaved: (reply: unknown, data: Row) => void;
  /** Further buttons drawn after the submit button (type button: they do not submit). */
  children?: ReactNode;
}

export function InlineForm({ screenId, testId, onSaved, children }: InlineFormProps) {
  const { t } = useTranslation();
  const screen = useCatalogue().screens[screenId] as FormScreenDef | undefined;
  if (screen?.kind !== 'form') throw new Error(`InlineForm needs a form screen, "${screenId}" is not one`);
  const form = useFormDialog(screen, NEW_RECORD, OPTIONS);
  const widgets = useRegistryDefaults<RegistryWidgetsType[string]>(
    'widget',
    useConsoleRegistry().widgets,
    form.layout.widgetNames,
  );
  const icon =
    screen.submit?.icon && hasIcon(screen.submit.icon) ? <CatalogueIcon name={screen.submit.icon} /> : <Save />;
  const send = async (data: Row) => {
    if (await form.save(data, false)) onSaved(form.lastReply(), { ...form.formData, ...data });
  };
  if (!widgets) return <LoadingPanel />;
  return (
    <Box data-testid={testId}>
      <CatalogueForm form={form} widgets={widgets} onSubmit={(data) => void send(data)}>
        <DialogMessageBar messages={form.messages} />
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 2 }}>
          {!form.readOnly && (
            <Button
              type="submit"
              variant="contained"
              startIcon={icon}
              loading={form.saving}
              data-testid={`${testId}-submit`}
            >
              {t(screen.submit?.label ?? 'action.save')}
            </Button>
          )}
          {children}
        </Stack>
      </CatalogueForm>
    </Box>
  );
}
