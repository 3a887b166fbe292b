// Dialog `user-form`: the user form (user.form) of the enterprise the opener names (`domainid`, from
// the user list's route context), new or edit; an edited user is read whole first (users.get).
import { useMemo } from 'react';
import { RecordFormDialog } from '../../runtime/dialog/RecordFormDialog.tsx';
import type { DialogPluginProps } from '../../runtime/dialog/types.ts';

export default function UserFormDialog({ data, onClose }: DialogPluginProps) {
  const domainid = String(data.domainid ?? '');
  const params = useMemo(() => ({ id: domainid }), [domainid]);
  const fixed = useMemo(() => ({ domainid }), [domainid]);
  return (
    <RecordFormDialog
      screenId="user.form"
      data={data}
      onClose={onClose}
      idField="id"
      fixed={fixed}
      params={params}
      loadParam="userid"
    />
  );
}
