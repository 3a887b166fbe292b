// Screen kind `form`: RJSF with the MUI theme, drawn from useFormController; Save and Exit (and
// Refresh on a form without a record key); tabs from useFormTabs, a tab embedding another screen
// draws that screen instead, without the form's buttons. A tab holding an error is drawn in the error
// colour with a mark, so the user finds it. With `recordName`, the breadcrumb names the open record.
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Refresh from '@mui/icons-material/Refresh';
import Save from '@mui/icons-material/Save';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import type { RegistryWidgetsType } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useConsoleRegistry } from '../registry-context.ts';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';
import { usePublishRecordTitle } from '../../shell/record-title.ts';
import { ScreenHost, type ScreenProps } from '../../shell/ScreenHost.tsx';
import type { ConsoleScreen, FormScreenDef } from '../screen-types.ts';
import { useRegistryDefaults } from '../useRegistryDefaults.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { useCatalogue } from '../catalogue-context.ts';
import { TenantCatalogue } from '../TenantCatalogue.tsx';
import { TabBar } from '../tabs/TabBar.tsx';
import { FormActions } from './FormActions.tsx';
import { useFormPrompts } from './useFormPrompts.ts';
import { useFormController } from './useFormController.ts';
import { CatalogueForm } from './CatalogueForm.tsx';

/** A tab holding an error: the error colour and a mark whose title says why. */
const markedTab = (title: string) => ({
  'data-invalid': 'true',
  icon: <ErrorOutline fontSize="small" titleAccess={title} />,
  iconPosition: 'end' as const,
  sx: { minHeight: 48, color: 'error.main', '&.Mui-selected': { color: 'error.main' } },
});

export function EmbeddedScreen({ id }: { id: string }) {
  const screen = useCatalogue().screens[id] as ConsoleScreen | undefined;
  if (!screen) throw new Error(`a form tab names the unknown screen "${id}"`);
  return <ScreenHost screen={screen} />;
}

/** A tab's screen; within the form's tenant (`tenant`), with that tenant's own extension fields. */
function TabScreen({ id, tenantParam }: { id: string; tenantParam?: string }) {
  const [query] = useSearchParams();
  const domainId = tenantParam ? query.get(tenantParam) : null;
  if (!domainId) return <EmbeddedScreen id={id} />;
  return (
    <TenantCatalogue domainId={domainId}>
      <EmbeddedScreen id={id} />
    </TenantCatalogue>
  );
}

function EntityForm({ screen, recordKey }: { screen: FormScreenDef; recordKey: string | null }) {
  const { t } = useTranslation();
  const singleton = screen.key === undefined;
  const form = useFormController(screen, recordKey);
  const prompts = useFormPrompts(screen, form);
  const { tabs } = form;
  const name = screen.recordName && recordKey ? form.saved[screen.recordName] : undefined;
  usePublishRecordTitle(typeof name === 'string' && name ? name : null, screen.recordName !== undefined);
  const loadedWidgets = useRegistryDefaults<RegistryWidgetsType[string]>(
    'widget',
    useConsoleRegistry().widgets,
    form.layout.widgetNames,
  );
  if (form.state === 'loading' || !loadedWidgets) return <LoadingPanel />;
  const embedded = tabs.current?.screen;
  return (
    // Tabs listed by section at the side leave the rest of the page's width to the tab (docs/adr/0092-wide-screens.md).
    <Paper
      variant="outlined"
      sx={{
        p: { xs: 2, md: 3 },
        maxWidth: screen.tabs?.some((tab) => tab.section) ? 'none' : screen.tabs ? 1100 : 860,
      }}
    >
      <Typography variant="h6" component="h1" sx={{ mb: 2, fontSize: 18 }}>
        {t(screen.title)}
      </Typography>
      {/* The tab bar shows even with one tab: it names what the user may see (a security officer's policy). */}
      <TabBar
        tabs={tabs.shown}
        current={tabs.current?.id}
        onSelect={tabs.select}
        testId="form-tab-"
        tabProps={(tab) => form.markedTabs.has(tab.id) && markedTab(t('form.tabHasErrors'))}
      >
        {form.state === 'failed' ? (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Alert severity="error">{t('error.notFound')}</Alert>
            <Button data-testid="form-exit" variant="outlined" onClick={form.exit}>
              {t('action.exit')}
            </Button>
          </Stack>
        ) : embedded ? (
          <TabScreen id={embedded} tenantParam={screen.tenant} />
        ) : (
          // A form's fields keep a readable measure however wide the page (docs/adr/0092-wide-screens.md).
          <Box sx={{ maxWidth: 1100 }}>
            <CatalogueForm key={tabs.current?.id ?? ''} form={form} widgets={loadedWidgets} onSubmit={prompts.submit}>
              <Box
                sx={{ display: 'flex', gap: 1, mt: 3, pt: 2, borderTop: 1, borderColor: 'divider', flexWrap: 'wrap' }}
              >
                {!form.readOnly && (
                  <Button
                    data-testid="form-save"
                    type="submit"
                    variant="contained"
                    startIcon={<Save />}
                    loading={form.saving}
                  >
                    {t('action.save')}
                  </Button>
                )}
                {singleton ? (
                  <>
                    <FormActions
                      actions={screen.actions}
                      formData={form.record}
                      onReload={form.reload}
                      tab={tabs.current?.id}
                    />
                    <Button
                      data-testid="form-refresh"
                      variant="outlined"
                      startIcon={<Refresh />}
                      onClick={prompts.refresh}
                    >
                      {t('action.refresh')}
                    </Button>
                    <Button data-testid="form-exit" variant="outlined" onClick={prompts.exit}>
                      {t('action.exit')}
                    </Button>
                  </>
                ) : (
                  <>
                    <Button data-testid="form-exit" variant="outlined" onClick={prompts.exit}>
                      {t('action.exit')}
                    </Button>
                    <FormActions actions={screen.actions} formData={form.formData} onReload={form.reload} />
                  </>
                )}
              </Box>
            </CatalogueForm>
          </Box>
        )}
      </TabBar>
      <ConfirmDialog text={prompts.text} onConfirm={prompts.accept} onCancel={prompts.cancel} />
    </Paper>
  );
}

export default function FormScreen({ screen }: ScreenProps) {
  const [query] = useSearchParams();
  if (screen.kind !== 'form') throw new Error(`screen "${screen.id}" is not a form screen`);
  const recordKey = screen.key === undefined ? null : query.get(screen.key);
  // A new key is another record: remount so no state of the previous one survives.
  return <EntityForm key={recordKey ?? ''} screen={screen as FormScreenDef} recordKey={recordKey} />;
}
