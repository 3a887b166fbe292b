// Dialog `calendar-form`: a calendar's name, time zone and default flag (FormDialog of `calendar.form`);
// the enterprise comes from the opener (the list's `domainid`, or the edited row's).
import { FormDialog } from '../../runtime/dialog/FormDialog.tsx';
import type { DialogPluginProps } from '../../runtime/dialog/types.ts';

export default function CalendarFormDialog({ data, onClose }: DialogPluginProps) {
  const params = { id: String(data.domainid ?? '') };
  return (
    <FormDialog
      screenId="calendar.form"
      data={data}
      onClose={onClose}
      idField="id"
      idParam="calendarid"
      params={params}
    />
  );
}
