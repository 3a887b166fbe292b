// Dialog `role-form`: a role of the application the opener names (`applicationId`), new or renamed
// (role.form; the name's rules are the entity's, checked again by the server).
import { useMemo } from 'react';
import { FormDialog } from '../../runtime/dialog/FormDialog.tsx';
import type { DialogPluginProps } from '../../runtime/dialog/types.ts';

export default function RoleFormDialog({ data, onClose }: DialogPluginProps) {
  const applicationId = String(data.applicationId ?? '');
  const params = useMemo(() => ({ id: applicationId }), [applicationId]);
  const { applicationId: _a, ...record } = data;
  return <FormDialog screenId="role.form" data={record} onClose={onClose} idField="id" params={params} />;
}
