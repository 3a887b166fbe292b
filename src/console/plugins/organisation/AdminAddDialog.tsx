// Dialog `admin-add`: the user-selection dialog whose confirm makes the picked users
// administrators of the enterprise (domainAdmins.add); the list then reloads.
import type { DialogPluginProps } from '../../runtime/dialog/types.ts';
import UserSelectDialog from '../../runtime/user-picker/UserSelectDialog.tsx';

export default function AdminAddDialog({ data, onClose }: DialogPluginProps) {
  return <UserSelectDialog data={{ ...data, confirmCall: 'domainAdmins.add' }} onClose={onClose} />;
}
