// One suite's agent of an application (docs/adr/0067-application-agent-messaging.md): the catalogue form `im.<service>App`, read from the server,
// saved with its own Save, and read again after a save so a secret just typed shows as the placeholder.
import Save from '@mui/icons-material/Save';
import { Box, Button } from '@mui/material';
import type { RegistryWidgetsType } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useCallAny } from '../../api/queries.ts';
import { useCatalogue } from '../../runtime/catalogue-context.ts';
import { DialogMessageBar } from '../../runtime/dialog/DialogMessageBar.tsx';
import { useDialogMessage } from '../../runtime/dialog/useDialogMessage.ts';
import { useFormDialog } from '../../runtime/dialog/useFormDialog.ts';
import { CatalogueForm } from '../../runtime/form/CatalogueForm.tsx';
import type { FormScreenDef, Row } from '../../runtime/screen-types.ts';
import { useRegistryDefaults } from '../../runtime/useRegistryDefaults.ts';
import { mayCall } from '../../session/reach.ts';
import { useConsoleRegistry } from '../../runtime/registry-context.ts';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';

/** The dialog's message line (its stable callbacks): a failed read and a save are said there. */
type Messages = Pick<ReturnType<typeof useDialogMessage>, 'show' | 'showFailure' | 'clear'>;

interface Props {
  screenId: string;
  service: string;
  domainid: string;
  applicationId: string;
  messages: Messages;
}

export function AppAgentForm({ screenId, service, domainid, applicationId, messages }: Props) {
  const { showFailure } = messages;
  const screen = useCatalogue().screens[screenId] as FormScreenDef | undefined;
  if (screen?.kind !== 'form' || !screen.load)
    throw new Error(`AppAgentForm needs a form screen with load, "${screenId}" is not one`);
  const load = screen.load;
  // Read when the dialog opens and again after each save (api/queries.ts): the form is drawn anew from
  // each reading, so a secret just typed shows as the placeholder.
  const read = useCallAny<Row>(
    load,
    { params: { id: domainid, applicationId }, silent: true },
    { onFailure: showFailure },
  );
  if (read.isError && !read.data) return null;
  if (!read.data || !read.isFetchedAfterMount) return <LoadingPanel />;
  return (
    <LoadedAgentForm
      key={read.dataUpdatedAt}
      screen={screen}
      record={read.data}
      service={service}
      domainid={domainid}
      messages={messages}
    />
  );
}

interface LoadedProps {
  screen: FormScreenDef;
  record: Row;
  service: string;
  domainid: string;
  messages: Messages;
}

function LoadedAgentForm({ screen, record, service, domainid, messages }: LoadedProps) {
  const { t } = useTranslation();
  const form = useFormDialog(screen, record, {
    idField: 'applicationId',
    idParam: 'applicationId',
    params: { id: domainid },
  });
  const loadedWidgets = useRegistryDefaults<RegistryWidgetsType[string]>(
    'widget',
    useConsoleRegistry().widgets,
    form.layout.widgetNames,
  );
  const mayChange = Boolean(screen.update && mayCall(screen.update));
  const submit = async (data: Row) => {
    messages.clear();
    if (!(await form.save(data, false))) return;
    messages.show('success', t('im.app.saved', { service: t(`im.service.${service}`) }));
  };
  if (!loadedWidgets) return <LoadingPanel />;
  return (
    <>
      <CatalogueForm form={form} widgets={loadedWidgets} onSubmit={(data) => void submit(data)}>
        <Box sx={{ mt: 2 }}>
          <DialogMessageBar messages={form.messages} />
        </Box>
        {mayChange && (
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button
              data-testid={`app-im-save-${service}`}
              type="submit"
              variant="contained"
              startIcon={<Save />}
              loading={form.saving}
            >
              {t('action.save')}
            </Button>
          </Box>
        )}
      </CatalogueForm>
    </>
  );
}
