// Dialogs `user-resign` and `user-batch` over the users selected in the user list (`ids`, `rows`):
// resign them (users.resign), or move them to a department, lock or unlock them (users.batch). Each row
// changes all or nothing; the answer lists the refused rows with why (BatchResults).
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallAny } from '../../api/queries.ts';
import { DialogMessageBar } from '../../runtime/dialog/DialogMessageBar.tsx';
import type { DialogPluginProps } from '../../runtime/dialog/types.ts';
import { BatchResults } from './BatchResults.tsx';
import { ChoiceSelect, type Choices } from '../../runtime/ChoiceSelect.tsx';
import { useBatchRun } from './useBatchRun.ts';

type Operation = 'move' | 'lock' | 'unlock';

const NO_CHOICES: Choices = [];

function useDepartments(domainid: string, wanted: boolean): Choices {
  const rows = useCallAny<Choices>(
    'lookups.departments',
    { query: { domainid } },
    { enabled: wanted && Boolean(domainid) },
  ).data;
  return Array.isArray(rows) ? rows : NO_CHOICES;
}

export function UserBatch({ data, onClose, resign }: DialogPluginProps & { resign: boolean }) {
  const { t } = useTranslation();
  const ids = (data.ids as string[] | undefined) ?? [];
  const rows = (data.rows as Array<Record<string, unknown>> | undefined) ?? [];
  const names = Object.fromEntries(rows.map((r) => [String(r.id), String(r.name ?? '')]));
  const batch = useBatchRun();
  const [operation, setOperation] = useState<Operation>('move');
  const [departmentid, setDepartmentid] = useState('');
  const departments = useDepartments(String(data.domainid ?? ''), !resign);
  const title = t(resign ? 'org.action.resign' : 'org.action.batch');
  const close = () => onClose(batch.results ? { reload: true } : undefined);
  const apply = () => {
    if (resign) return void batch.run('users.resign', { userIds: ids });
    const fields = operation === 'move' ? { departmentid } : { loginLocked: operation === 'lock' };
    void batch.run('users.batch', { userIds: ids, fields });
  };
  const listed = ids.map((id) => names[id] || id).join(', ');
  return (
    <Dialog
      open
      onClose={close}
      maxWidth="sm"
      fullWidth
      data-testid={resign ? 'user-resign-dialog' : 'user-batch-dialog'}
      aria-labelledby="batch-title"
    >
      <DialogTitle id="batch-title" sx={{ fontSize: 18 }}>
        {title}
      </DialogTitle>
      <DialogContent>
        <DialogMessageBar messages={batch.messages} />
        {batch.results ? (
          <BatchResults results={batch.results} names={names} />
        ) : (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <Typography>
              {t(resign ? 'org.batch.resignWho' : 'org.batch.who', { count: ids.length, names: listed })}
            </Typography>
            {!resign && (
              <>
                <RadioGroup
                  value={operation}
                  onChange={(e) => setOperation(e.target.value as Operation)}
                  aria-label={t('org.batch.operation')}
                >
                  <FormControlLabel value="move" control={<Radio />} label={t('org.batch.move')} />
                  <FormControlLabel value="lock" control={<Radio />} label={t('org.batch.lock')} />
                  <FormControlLabel value="unlock" control={<Radio />} label={t('org.batch.unlock')} />
                </RadioGroup>
                {operation === 'move' && (
                  <ChoiceSelect
                    id="batch-department"
                    label={t('field.user.departmentid')}
                    value={departmentid}
                    choices={departments}
                    onChange={setDepartmentid}
                    sx={{ width: '100%' }}
                  />
                )}
              </>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {batch.results ? (
          <Button variant="contained" onClick={close} data-testid="batch-close">
            {t('action.close')}
          </Button>
        ) : (
          <>
            <Button onClick={close} data-testid="batch-cancel">
              {t('action.cancel')}
            </Button>
            <Button
              variant="contained"
              color={resign ? 'error' : 'primary'}
              onClick={apply}
              loading={batch.running}
              disabled={!resign && operation === 'move' && !departmentid}
              data-testid="batch-apply"
            >
              {title}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

export default function UserBatchDialog(props: DialogPluginProps) {
  return <UserBatch {...props} resign={false} />;
}
