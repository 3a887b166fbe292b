// Dialog `organisation-import-users`: the users sheet of the enterprise `data.domainid`.
import type { DialogPluginProps } from '../../runtime/dialog/types.ts';
import { OrganisationImportDialog } from './OrganisationImportDialog.tsx';

export default function UsersImportDialog({ data, onClose }: DialogPluginProps) {
  return <OrganisationImportDialog kind="users" domainid={String(data.domainid ?? '')} onClose={onClose} />;
}
