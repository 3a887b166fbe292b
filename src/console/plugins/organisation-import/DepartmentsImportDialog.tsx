// Dialog `organisation-import-departments`: the departments sheet of the enterprise `data.domainid`.
import type { DialogPluginProps } from '../../runtime/dialog/types.ts';
import { OrganisationImportDialog } from './OrganisationImportDialog.tsx';

export default function DepartmentsImportDialog({ data, onClose }: DialogPluginProps) {
  return <OrganisationImportDialog kind="departments" domainid={String(data.domainid ?? '')} onClose={onClose} />;
}
