// A form whose JSON Schema and uiSchema are in a call's answer (a package's form, core/packages/form-schema.ts),
// drawn read-only by a panel with the console's validator and theme (docs/adr/0157-task-runtime-in-yaml.md).
// Its ids start with `idPrefix`, so it never meets a dialog's form of the same fields on the page.
import Form from '@rjsf/mui';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { formValidator } from '../form/validator.ts';

interface Props {
  idPrefix: string;
  schema: Record<string, unknown>;
  uiSchema?: Record<string, unknown>;
  data: Record<string, unknown>;
}

export function ReplyForm({ idPrefix, schema, uiSchema, data }: Props) {
  return (
    <Form
      schema={schema as RJSFSchema}
      uiSchema={{ ...(uiSchema as UiSchema | undefined), 'ui:submitButtonOptions': { norender: true } }}
      formData={data}
      validator={formValidator}
      idPrefix={idPrefix}
      readonly
      showErrorList={false}
      noHtml5Validate
    />
  );
}
