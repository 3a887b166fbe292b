// A form screen read and saved in place (a tab of a TabsDialog): its `load` call is read with the
// opener's path parameters when the panel opens and again after each save, and the form is drawn anew
// from each reading (a secret just typed comes back as the placeholder). Save stays in the panel; a
// caller who may not make the `update` call sees the fields locked and no Save.
import Save from '@mui/icons-material/Save';
import { Box, Button } from '@mui/material';
import type { RegistryWidgetsType } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useCallAny } from '../../api/queries.ts';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';
import { useCatalogue } from '../catalogue-context.ts';
import { DialogMessageBar } from '../dialog/DialogMessageBar.tsx';
import type { useDialogMessage } from '../dialog/useDialogMessage.ts';
import { useFormDialog } from '../dialog/useFormDialog.ts';
import { CatalogueForm } from '../form/CatalogueForm.tsx';
import { useConsoleRegistry } from '../registry-context.ts';
import type { FormScreenDef, Row } from '../screen-types.ts';
import { useRegistryDefaults } from '../useRegistryDefaults.ts';

/** The opener's message line (its stable callbacks): a failed read and a save are said there. */
export type PanelMessages = Pick<ReturnType<typeof useDialogMessage>, 'show' | 'showFailure' | 'clear'>;

interface Props {
  screenId: string;
  /** The load and update calls' path parameters; `keyParam` among them names the record. */
  params: Record<string, string>;
  keyParam: string;
  /** Said after a save. */
  saved: string;
  messages: PanelMessages;
  testId: string;
}

export function FormPanel({ screenId, params, keyParam, saved, messages, testId }: Props) {
  const screen = useCatalogue().screens[screenId] as FormScreenDef | undefined;
  if (screen?.kind !== 'form' || !screen.load) throw new Error(`"${screenId}" is not a form screen with load`);
  const read = useCallAny<Row>(screen.load, { params, silent: true }, { onFailure: messages.showFailure });
  if (read.isError && !read.data) return null;
  if (!read.data || !read.isFetchedAfterMount) return <LoadingPanel />;
  const idField = screen.key ?? 'id';
  return (
    <LoadedPanel
      key={read.dataUpdatedAt}
      screen={screen}
      record={{ ...read.data, [idField]: params[keyParam] }}
      options={{ idField, idParam: keyParam, params }}
      saved={saved}
      messages={messages}
      testId={testId}
    />
  );
}

interface LoadedProps extends Pick<Props, 'saved' | 'messages' | 'testId'> {
  screen: FormScreenDef;
  record: Row;
  options: { idField: string; idParam: string; params: Record<string, string> };
}

function LoadedPanel({ screen, record, options, saved, messages, testId }: LoadedProps) {
  const { t } = useTranslation();
  const form = useFormDialog(screen, record, options);
  const widgets = useRegistryDefaults<RegistryWidgetsType[string]>(
    'widget',
    useConsoleRegistry().widgets,
    form.layout.widgetNames,
  );
  const submit = async (data: Row) => {
    messages.clear();
    if (await form.save(data, false)) messages.show('success', saved);
  };
  if (!widgets) return <LoadingPanel />;
  return (
    <CatalogueForm form={form} widgets={widgets} onSubmit={(data) => void submit(data)}>
      <Box sx={{ mt: 2 }}>
        <DialogMessageBar messages={form.messages} />
      </Box>
      {!form.readOnly && (
        <Button data-testid={testId} type="submit" variant="contained" startIcon={<Save />} loading={form.saving}>
          {t('action.save')}
        </Button>
      )}
    </CatalogueForm>
  );
}
