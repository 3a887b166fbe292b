// The form a batch action asks before its call (`batch.form`): a catalogue form screen drawn with the
// runtime's form controller, submitted by the dialog's Apply (its `actions`, drawn inside the form);
// it hands back the values its shown fields hold, the rest left out (docs/adr/0156-batch-and-pick-list-actions.md).
import type { RegistryWidgetsType } from '@rjsf/utils';
import { useEffect, useRef, type ReactNode } from 'react';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';
import { useCatalogue } from '../catalogue-context.ts';
import { useFormDialog } from '../dialog/useFormDialog.ts';
import { CatalogueForm } from '../form/CatalogueForm.tsx';
import { useConsoleRegistry } from '../registry-context.ts';
import type { FormScreenDef, Row } from '../screen-types.ts';
import { useRegistryDefaults } from '../useRegistryDefaults.ts';
import { hasValue } from '../has-value.ts';

const NO_ID = { idField: '' };

/** The values of `fields` that hold something: "unchanged" is a field left empty. */
export function heldValues(data: Row, fields: readonly string[]): Row {
  return Object.fromEntries(fields.map((f) => [f, data[f]] as const).filter(([, v]) => hasValue(v)));
}

interface Props {
  screenId: string;
  /** The opener's data (route values the fields' choices read, as `form.domainid`). */
  record: Row;
  onSubmit: (values: Row) => void;
  /** Told the held values whenever they change (a counted batch asks for a new count). */
  onChange?: (values: Row) => void;
  /** Drawn inside the form, given whether it holds any value yet. */
  actions: (holds: boolean) => ReactNode;
}

export function BatchForm({ screenId, record, onSubmit, onChange, actions }: Props) {
  const screen = useCatalogue().screens[screenId] as FormScreenDef | undefined;
  if (screen?.kind !== 'form') throw new Error(`a batch form must be a form screen, "${screenId}" is not one`);
  const form = useFormDialog(screen, record, NO_ID);
  const widgets = useRegistryDefaults<RegistryWidgetsType[string]>(
    'widget',
    useConsoleRegistry().widgets,
    form.layout.widgetNames,
  );
  const fields = form.layout.shownFields;
  const held = JSON.stringify(heldValues(form.formData, fields));
  const told = useRef(held);
  useEffect(() => {
    if (held !== told.current) onChange?.(JSON.parse(held) as Row);
    told.current = held;
  }, [held, onChange]);
  if (!widgets) return <LoadingPanel />;
  const holds = held !== '{}';
  return (
    <CatalogueForm form={form} widgets={widgets} onSubmit={(data) => onSubmit(heldValues(data, fields))}>
      {actions(holds)}
    </CatalogueForm>
  );
}
