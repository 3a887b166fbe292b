// Dialog `user-resign`: the batch dialog resigning the selected users (users.resign).
import type { DialogPluginProps } from '../../runtime/dialog/types.ts';
import { UserBatch } from './UserBatchDialog.tsx';

export default function UserResignDialog(props: DialogPluginProps) {
  return <UserBatch {...props} resign />;
}
