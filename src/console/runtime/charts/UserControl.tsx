// A charts screen's user choice (control style `user`, docs/adr/0153-check-trees-and-pick-lists.md): a
// button opening the runtime's user-selection dialog on the enterprise another control chose; the picked
// user's id goes in the control's URL query value.
import { Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OpenDialog } from '../dialog/OpenDialog.tsx';
import type { UserSelectResult } from '../user-picker/user-select-types.ts';

interface Props {
  label: string;
  /** The enterprise searched; none: the button waits for it. */
  tenant: string;
  testId: string;
  choose: (userId: string) => void;
}

export function UserControl({ label, tenant, testId, choose }: Props) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const picked = (result: unknown) => {
    setPicking(false);
    const user = (result as UserSelectResult | undefined)?.users?.[0];
    if (user) choose(user.id);
  };
  return (
    <>
      <Button variant="outlined" disabled={!tenant} onClick={() => setPicking(true)} data-testid={testId}>
        {t(label)}
      </Button>
      {picking && <OpenDialog name="user-select" data={{ domainid: tenant, single: true }} onClose={picked} />}
    </>
  );
}
