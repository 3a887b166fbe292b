// The RJSF form both the form screen and the form dialog draw: one place wires a form controller's
// layout, data, validation, server errors and live validation into RJSF with the MUI theme.
import Form from '@rjsf/mui';
import type { CustomValidator, ErrorSchema, RegistryWidgetsType, UiSchema } from '@rjsf/utils';
import type { ReactNode } from 'react';
import type { Row } from '../screen-types.ts';
import type { FormLayout } from './form-layout.ts';
import { SectionFieldTemplate } from './SectionFieldTemplate.tsx';
import { formValidator } from './validator.ts';

const FORM_TEMPLATES = { FieldTemplate: SectionFieldTemplate };

/** What a form controller hands the view (useFormController and useFormDialog both do). */
export interface CatalogueFormState {
  layout: Pick<FormLayout, 'schema' | 'uiSchema'>;
  formData: Row;
  customValidate?: CustomValidator<Row>;
  serverErrors?: ErrorSchema<Row>;
  liveValidate: boolean;
  change: (data: Row) => void;
  markSubmitted: () => void;
}

interface CatalogueFormProps {
  form: CatalogueFormState;
  widgets: RegistryWidgetsType;
  onSubmit: (data: Row) => void;
  /** Replaces the layout's uiSchema (e.g. with record-dependent additions). */
  uiSchema?: UiSchema;
  /** The buttons, drawn inside the form so a submit button submits it. */
  children: ReactNode;
}

export function CatalogueForm({ form, widgets, onSubmit, uiSchema, children }: CatalogueFormProps) {
  return (
    <Form
      schema={form.layout.schema}
      uiSchema={uiSchema ?? form.layout.uiSchema}
      formData={form.formData}
      validator={formValidator}
      customValidate={form.customValidate}
      widgets={widgets}
      templates={FORM_TEMPLATES}
      extraErrors={form.serverErrors}
      showErrorList={false}
      noHtml5Validate
      liveValidate={form.liveValidate ? 'onChange' : false}
      onChange={(e) => form.change(e.formData as Row)}
      onError={form.markSubmitted}
      onSubmit={(e) => onSubmit(e.formData as Row)}
    >
      {children}
    </Form>
  );
}
