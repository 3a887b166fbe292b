// Dialog `special-day-form`: one exception day of a calendar (FormDialog of `specialDay.form`); the
// calendar comes from the opener (the list's `calendarid`, or the edited row's). Choosing a single
// start date fills an empty end date with it, the common case of a one-day exception.
import { FormDialog } from '../../runtime/dialog/FormDialog.tsx';
import type { DialogPluginProps } from '../../runtime/dialog/types.ts';
import type { Row } from '../../runtime/screen-types.ts';

function adjust(before: Row, after: Row): Row {
  if (after.startDate && after.startDate !== before.startDate && !after.endDate)
    return { ...after, endDate: after.startDate };
  return after;
}

export default function SpecialDayDialog({ data, onClose }: DialogPluginProps) {
  const params = { id: String(data.calendarid ?? '') };
  return (
    <FormDialog
      screenId="specialDay.form"
      data={data}
      onClose={onClose}
      idField="id"
      idParam="dayid"
      params={params}
      fixed={{ kind: 'holiday' }}
      adjust={adjust}
    />
  );
}
