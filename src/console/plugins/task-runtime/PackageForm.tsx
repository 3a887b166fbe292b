// A package form drawn by RJSF from its fields (core/packages/form-schema.ts) in the page's language, with the
// console's validator so its messages read as the server's. The buttons are the caller's, drawn inside
// the form so the first one submits it.
import Form from '@rjsf/mui';
import type { RJSFSchema } from '@rjsf/utils';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Text } from '../../../core/packages/package-types.ts';
import { formSchemaOf } from '../../../core/packages/form-schema.ts';
import type { Startable } from './useTaskRuntime.ts';
import { formValidator } from '../../runtime/form/validator.ts';

type Data = Record<string, unknown>;

interface Props {
  fields: Startable['fields'];
  data: Data;
  onChange: (data: Data) => void;
  onSubmit: (data: Data) => void;
  readOnly?: boolean;
  children: ReactNode;
}

export function PackageForm({ fields, data, onChange, onSubmit, readOnly, children }: Props) {
  const { language } = useTranslation().i18n;
  const { schema, uiSchema } = useMemo(() => formSchemaOf(fields, language as keyof Text), [fields, language]);
  return (
    <Form
      schema={schema as RJSFSchema}
      uiSchema={uiSchema}
      formData={data}
      validator={formValidator}
      readonly={readOnly}
      showErrorList={false}
      noHtml5Validate
      onChange={(e) => onChange(e.formData as Data)}
      onSubmit={(e) => onSubmit(e.formData as Data)}
    >
      {children}
    </Form>
  );
}
