// A catalogue form screen drawn in a dialog (new or edit of a list row): Save closes it, Save and
// new saves and starts a new record, Exit closes; the opener's list reloads after any save.
import { useCatalogue } from '../catalogue-context.ts';
import Save from '@mui/icons-material/Save';
import { Box, Button, Dialog, DialogContent, DialogTitle } from '@mui/material';
import type { RegistryWidgetsType, UiSchema } from '@rjsf/utils';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ruleValue } from '../../../core/rules.ts';
import { useConsoleRegistry } from '../registry-context.ts';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';
import { CatalogueForm } from '../form/CatalogueForm.tsx';
import { RecordDetailsView } from '../form/RecordDetailsView.tsx';
import { CatalogueIcon } from '../CatalogueIcon.tsx';
import { hasIcon } from '../icons.ts';
import type { FormScreenDef, Row } from '../screen-types.ts';
import { useRegistryDefaults } from '../useRegistryDefaults.ts';
import { DialogMessageBar } from './DialogMessageBar.tsx';
import type { DialogPluginProps } from './types.ts';
import { useFormDialog, type FormDialogOptions } from './useFormDialog.ts';

export interface FormDialogProps extends DialogPluginProps, FormDialogOptions {
  /** The catalogue form screen to draw. */
  screenId: string;
  /** uiSchema additions that depend on the record (e.g. a choice disabled in edit mode). */
  ui?: (form: Row, editing: boolean) => UiSchema;
}

// i18next's own option names, which a record's fields must not pass as.
const I18N_OPTIONS = new Set([
  'count',
  'context',
  'lng',
  'lngs',
  'ns',
  'defaultValue',
  'ordinal',
  'returnObjects',
  'joinArrays',
  'replace',
]);

/** A title may name the record's plain fields ("Log entry {{id}}"). */
function titleValues(record: Row): Row {
  return Object.fromEntries(
    Object.entries(record).filter(([k, v]) => !I18N_OPTIONS.has(k) && (typeof v === 'string' || typeof v === 'number')),
  );
}

function mergeUi(base: UiSchema, extra: UiSchema): UiSchema {
  const out: UiSchema = { ...base };
  for (const [field, ui] of Object.entries(extra))
    out[field] = { ...(base[field] as object | undefined), ...(ui as object) };
  return out;
}

export function FormDialog({ screenId, data, onClose, ui, ...options }: FormDialogProps) {
  const { t } = useTranslation();
  const screen = useCatalogue().screens[screenId] as FormScreenDef | undefined;
  if (screen?.kind !== 'form') throw new Error(`FormDialog needs a form screen, "${screenId}" is not one`);
  const form = useFormDialog(screen, data, options);
  const andNew = useRef(false);
  const saved = useRef(false);
  const loadedWidgets = useRegistryDefaults<RegistryWidgetsType[string]>(
    'widget',
    useConsoleRegistry().widgets,
    form.layout.widgetNames,
  );
  const [, setUrl] = useSearchParams();
  const close = () => onClose(saved.current ? { reload: true } : undefined);
  const submit = screen.submit;
  const saveIcon = submit?.icon && hasIcon(submit.icon) ? <CatalogueIcon name={submit.icon} /> : <Save />;
  const send = async (data: Row) => {
    const ok = await form.save(data, andNew.current);
    saved.current ||= ok;
    if (!ok || andNew.current) return;
    // `savedQuery`: route values from the save's answer and the record (open the instance a start made).
    const values = Object.entries(screen.savedQuery ?? {}).map(([name, rule]) => {
      const value = ruleValue(rule, { reply: (form.lastReply() ?? {}) as Row, form: { ...form.formData, ...data } });
      return [name, value === null || value === undefined ? '' : String(value)] as const;
    });
    if (values.length)
      setUrl((now) => {
        const next = new URLSearchParams(now);
        for (const [name, value] of values)
          if (value) next.set(name, value);
          else next.delete(name);
        return next;
      });
    onClose({ reload: true });
  };
  return (
    <Dialog open onClose={close} maxWidth="sm" fullWidth data-testid={`form-dialog-${screenId}`}>
      <DialogTitle sx={{ fontSize: 18 }}>{t(screen.title, titleValues(data))}</DialogTitle>
      <DialogContent>
        {screen.details && <RecordDetailsView details={screen.details} entity={screen.entity} record={data} />}
        {!loadedWidgets ? (
          <LoadingPanel />
        ) : (
          <CatalogueForm
            key={form.generation}
            form={form}
            uiSchema={ui ? mergeUi(form.layout.uiSchema, ui(form.formData, form.editing)) : undefined}
            widgets={loadedWidgets}
            onSubmit={(data) => void send(data)}
          >
            {/* The buttons stay at the foot of the dialog however far it is scrolled, and a failed
                save is said right above them, where the eye is after pressing Save. */}
            {/* (It reaches over the content's bottom padding, or fields would show through below it.) */}
            <Box
              sx={{
                position: 'sticky',
                bottom: -20,
                zIndex: 1,
                bgcolor: 'background.paper',
                mt: 3,
                mb: '-20px',
                pt: 1,
                pb: '20px',
              }}
            >
              <DialogMessageBar messages={form.messages} />
              <Box sx={{ display: 'flex', gap: 1, pt: 2, borderTop: 1, borderColor: 'divider', flexWrap: 'wrap' }}>
                {!form.readOnly && (
                  <>
                    <Button
                      data-testid="form-save"
                      type="submit"
                      variant="contained"
                      startIcon={saveIcon}
                      loading={form.saving}
                      onClick={() => (andNew.current = false)}
                    >
                      {t(submit?.label ?? 'action.save')}
                    </Button>
                    {form.creates && !submit && (
                      <Button
                        data-testid="form-save-new"
                        type="submit"
                        variant="outlined"
                        disabled={form.saving}
                        onClick={() => (andNew.current = true)}
                      >
                        {t('action.saveAndNew')}
                      </Button>
                    )}
                  </>
                )}
                <Button data-testid="form-exit" variant="outlined" onClick={close}>
                  {t('action.exit')}
                </Button>
              </Box>
            </Box>
          </CatalogueForm>
        )}
      </DialogContent>
    </Dialog>
  );
}
