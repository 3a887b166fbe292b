// Dialog `field-extend-form`: the extended-field form (domain spec §2.5) in a FormDialog, with the
// §4 transitions that are not catalogue rules: choosing module tableDomain sets show-in-list to false,
// and a saved field cannot become clob (the choice is disabled in edit mode).
import type { UiSchema } from '@rjsf/utils';
import { FormDialog } from '../../runtime/dialog/FormDialog.tsx';
import type { DialogPluginProps } from '../../runtime/dialog/types.ts';
import type { Row } from '../../runtime/screen-types.ts';

function adjust(before: Row, after: Row): Row {
  if (after.forTable === 'tableDomain' && before.forTable !== 'tableDomain') return { ...after, enabel: false };
  return after;
}

const ui = (_form: Row, editing: boolean): UiSchema => (editing ? { type: { 'ui:enumDisabled': ['clob'] } } : {});

export default function FieldExtendDialog({ data, onClose }: DialogPluginProps) {
  // The opener's data is a list row (edit) or {} (new); a domain id in it makes an enterprise's own field.
  const fixed = data.domainid ? { domainid: data.domainid } : undefined;
  return (
    <FormDialog
      screenId="fieldExtend.form"
      data={data}
      onClose={onClose}
      idField="fid"
      fixed={fixed}
      adjust={adjust}
      ui={ui}
    />
  );
}
