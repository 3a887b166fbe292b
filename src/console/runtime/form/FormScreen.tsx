// Screen kind `form`: RJSF with the MUI theme, drawn from useFormController; Save and Exit.
import Save from '@mui/icons-material/Save';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import Form from '@rjsf/mui';
import type { RegistryWidgetsType } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { widgets } from '../../registry.ts';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';
import type { ScreenProps } from '../../shell/ScreenHost.tsx';
import type { FormScreenDef, Row } from '../screen-types.ts';
import { useRegistryDefaults } from '../useRegistryDefaults.ts';
import { FormActions } from './FormActions.tsx';
import { useFormController } from './useFormController.ts';
import { formValidator } from './validator.ts';
import { SectionFieldTemplate } from './SectionFieldTemplate.tsx';

const FORM_TEMPLATES = { FieldTemplate: SectionFieldTemplate };

function EntityForm({ screen, recordKey }: { screen: FormScreenDef; recordKey: string | null }) {
  const { t } = useTranslation();
  const form = useFormController(screen, recordKey);
  const loadedWidgets = useRegistryDefaults<RegistryWidgetsType[string]>('widget', widgets, form.layout.widgetNames);
  if (form.state === 'loading' || !loadedWidgets) return <LoadingPanel />;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, maxWidth: 860 }}>
      <Typography variant="h6" component="h1" sx={{ mb: 2, fontSize: 18 }}>
        {t(screen.title)}
      </Typography>
      {form.state === 'failed' ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="error">{t('error.notFound')}</Alert>
          <Button data-testid="form-exit" variant="outlined" onClick={form.exit}>
            {t('action.exit')}
          </Button>
        </Stack>
      ) : (
        <Form
          schema={form.layout.schema}
          uiSchema={form.layout.uiSchema}
          formData={form.formData}
          validator={formValidator}
          customValidate={form.customValidate}
          widgets={loadedWidgets}
          templates={FORM_TEMPLATES}
          extraErrors={form.serverErrors}
          showErrorList={false}
          noHtml5Validate
          liveValidate={form.liveValidate ? 'onChange' : false}
          onChange={(e) => form.change(e.formData as Row)}
          onError={form.markSubmitted}
          onSubmit={(e) => void form.save(e.formData as Row)}
        >
          <Box sx={{ display: 'flex', gap: 1, mt: 3, pt: 2, borderTop: 1, borderColor: 'divider' }}>
            <Button data-testid="form-save" type="submit" variant="contained" startIcon={<Save />} loading={form.saving}>
              {t('action.save')}
            </Button>
            <Button data-testid="form-exit" variant="outlined" onClick={form.exit}>
              {t('action.exit')}
            </Button>
            <FormActions actions={screen.actions} formData={form.formData} />
          </Box>
        </Form>
      )}
    </Paper>
  );
}

export default function FormScreen({ screen }: ScreenProps) {
  const [query] = useSearchParams();
  if (screen.kind !== 'form') throw new Error(`screen "${screen.id}" is not a form screen`);
  const recordKey = query.get(screen.key);
  // A new key is another record: remount so no state of the previous one survives.
  return <EntityForm key={recordKey ?? ''} screen={screen as FormScreenDef} recordKey={recordKey} />;
}
