// The RJSF form both the form screen and the form dialog draw: one place wires a form controller's
// layout, data, validation, server errors and live validation into RJSF with the MUI theme.
import type CoreForm from '@rjsf/core';
import Form from '@rjsf/mui';
import type { CustomValidator, ErrorSchema, RegistryWidgetsType, UiSchema } from '@rjsf/utils';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../screen-types.ts';
import type { FormLayout } from './form-layout.ts';
import { focusFirstInvalid, invalidFields } from './focus-invalid.ts';
import { SectionFieldTemplate } from './SectionFieldTemplate.tsx';
import { dropConditionErrors, validatorFor } from './validator.ts';

const FORM_TEMPLATES = { FieldTemplate: SectionFieldTemplate };

/** What a form controller hands the view (useFormController and useFormDialog both do). */
export interface CatalogueFormState {
  layout: Pick<FormLayout, 'schema' | 'uiSchema'>;
  formData: Row;
  customValidate?: CustomValidator<Row>;
  serverErrors?: ErrorSchema<Row>;
  liveValidate: boolean;
  /** Every field locked: the caller may look but not save (reach.ts maySaveForm). */
  readOnly?: boolean;
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
  const validator = useMemo(() => validatorFor(form.layout.schema), [form.layout.schema]);
  // RJSF validates live only on a change; a form mounted once Save was tried (the tab Save opened, or
  // a marked tab the user opens) shows its messages at once, and again in a language just chosen.
  const ref = useRef<CoreForm<Row>>(null);
  const { language } = useTranslation().i18n;
  useEffect(() => {
    if (form.liveValidate) ref.current?.validateForm();
  }, [form.liveValidate, language]);
  // A refused Save, by the form or by the server, puts the focus on the first field to fix.
  const formElement = () => ref.current?.formElement.current as HTMLFormElement | null | undefined;
  const { serverErrors } = form;
  useEffect(() => {
    if (serverErrors) focusFirstInvalid(formElement(), invalidFields([], serverErrors));
  }, [serverErrors]);
  return (
    <Form
      ref={ref}
      schema={form.layout.schema}
      uiSchema={uiSchema ?? form.layout.uiSchema}
      formData={form.formData}
      validator={validator}
      customValidate={form.customValidate}
      transformErrors={dropConditionErrors}
      widgets={widgets}
      // Widgets that read other fields (a typeahead's path parameters) find the record here.
      formContext={{ form: form.formData }}
      templates={FORM_TEMPLATES}
      extraErrors={form.serverErrors}
      readonly={form.readOnly}
      showErrorList={false}
      noHtml5Validate
      liveValidate={form.liveValidate ? 'onChange' : false}
      onChange={(e) => form.change(e.formData as Row)}
      onError={(errors) => {
        form.markSubmitted();
        focusFirstInvalid(formElement(), invalidFields(errors, form.serverErrors));
      }}
      onSubmit={(e) => onSubmit(e.formData as Row)}
    >
      {children}
    </Form>
  );
}
