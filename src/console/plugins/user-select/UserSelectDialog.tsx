// Dialog `user-select` (platform-console §2, domain-console §3 "User-selection query"): picks users of
// one tenant. The platform variant: department tree beside a searchable, paged table (10/20/50/100).
// The workflow variant: tabs by department / by role / query (the spec's query types 1, 2, 3; by role
// when the opener names the approval, whose application has the roles), pages of 10, the picked users
// in a side table. Confirm hands the
// picked users back to the opener as `{ users }`, or makes the opener's `confirmCall` with their ids.
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Tab, Tabs, Typography } from '@mui/material';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countText } from '../../runtime/counted-label.ts';
import { useSearchParams } from 'react-router-dom';
import { callAny } from '../../api/client.ts';
import { DialogMessageBar } from '../../runtime/dialog/DialogMessageBar.tsx';
import type { DialogPluginProps } from '../../runtime/dialog/types.ts';
import { useDialogMessage } from '../../runtime/dialog/useDialogMessage.ts';
import { DepartmentTree } from './DepartmentTree.tsx';
import { RoleList } from './RoleList.tsx';
import { SelectedUsers } from './SelectedUsers.tsx';
import { UserSearchBar } from './UserSearchBar.tsx';
import { UserTable } from './UserTable.tsx';
import { usePicks } from './usePicks.ts';
import { useUserSearch } from './useUserSearch.ts';
import {
  PLATFORM_PAGE_SIZES,
  TREE_MAX_HEIGHT,
  WORKFLOW_PAGE_SIZE,
  type QueryTab,
  type UserSelectInput,
} from './user-select-types.ts';

export default function UserSelectDialog({ data, onClose }: DialogPluginProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const input = data as Partial<UserSelectInput>;
  const domainId = String(input.domainid ?? params.get('domainid') ?? '');
  const workflow = input.variant === 'workflow';
  const pageSizes = workflow ? [WORKFLOW_PAGE_SIZE] : PLATFORM_PAGE_SIZES;
  const messages = useDialogMessage();
  const [approval] = useState(workflow ? input.approval : undefined); // fixed while the dialog is open
  const [docs] = useState(input.docs); // the API documentation's picker: roles beside the users, one user
  const search = useUserSearch(domainId, pageSizes[0], messages, approval, Boolean(docs));
  const picks = usePicks(input.selected);
  const [department, setDepartment] = useState<string | null>(null);
  const [tab, setTab] = useState<QueryTab>('department');
  const { setQuery, query } = search;

  const chooseDepartment = useCallback(
    (id: string | null) => {
      setDepartment(id);
      setQuery({ ...query, departmentid: id ?? undefined });
    },
    [query, setQuery],
  );
  const switchTab = (next: QueryTab) => {
    setTab(next);
    setDepartment(null);
    setQuery({}); // a new tab starts from page 1 with nothing filtered
  };
  const [saving, setSaving] = useState(false);
  const confirm = async () => {
    if (picks.list.length === 0) return messages.show('error', t(input.emptyMessage ?? 'userSelect.pickSomeone'));
    if (!input.confirmCall) return onClose({ users: picks.list });
    setSaving(true);
    try {
      await callAny(input.confirmCall, { params: { id: domainId }, body: picks.list.map((u) => u.id), silent: true });
      onClose({ reload: true });
    } catch (e) {
      messages.showFailure(e);
      setSaving(false);
    }
  };

  const roleApplication = approval?.applicationId ?? docs?.applicationId;
  const roles = roleApplication && (
    <RoleList
      applicationId={roleApplication}
      domainId={domainId}
      selected={search.query.roleid ?? null}
      onSelect={(roleid) => setQuery({ roleid })}
      maxHeight={TREE_MAX_HEIGHT}
      onFailure={messages.showFailure}
    />
  );
  const tree = (
    <DepartmentTree
      domainId={domainId}
      selected={department}
      onSelect={chooseDepartment}
      maxHeight={TREE_MAX_HEIGHT}
      onFailure={messages.showFailure}
    />
  );
  const table = (
    <UserTable
      rows={search.rows}
      rowCount={search.rowCount}
      loading={search.loading}
      paging={search.paging}
      pageSizes={pageSizes}
      onPaging={search.setPaging}
      picked={picks.picked}
      onPick={(users, on) => {
        messages.clear();
        if (docs && on) picks.clear(); // one user: a new pick replaces the last
        picks.pick(docs && on ? users.slice(-1) : users, on);
      }}
    />
  );
  const searchBar = (
    <UserSearchBar
      onApply={(q) => setQuery({ ...q, departmentid: department ?? undefined })}
      onReset={() => {
        setDepartment(null);
        setQuery({});
      }}
    />
  );

  return (
    <Dialog
      open
      onClose={() => onClose()}
      maxWidth="lg"
      fullWidth
      data-testid="user-select-dialog"
      aria-labelledby="user-select-title"
    >
      <DialogTitle id="user-select-title" sx={{ fontSize: 18 }}>
        {t('userSelect.title')}
      </DialogTitle>
      <DialogContent>
        <DialogMessageBar messages={messages} />
        {workflow && (
          <Tabs value={tab} onChange={(_e, next: QueryTab) => switchTab(next)} sx={{ mb: 1 }}>
            <Tab value="department" label={t('userSelect.tab.department')} data-testid="user-select-tab-department" />
            {approval && <Tab value="role" label={t('userSelect.tab.role')} data-testid="user-select-tab-role" />}
            <Tab value="query" label={t('userSelect.tab.query')} data-testid="user-select-tab-query" />
          </Tabs>
        )}
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          {docs ? roles : (!workflow || tab === 'department') && tree}
          {workflow && tab === 'role' && roles}
          <Box sx={{ flex: 1, minWidth: 0 }}>
            {(!workflow || tab === 'query') && !docs && searchBar}
            {workflow && tab === 'role' && !search.query.roleid ? (
              <Typography sx={{ p: 2, color: 'text.secondary' }} data-testid="user-select-role-hint">
                {t('userSelect.chooseRole')}
              </Typography>
            ) : (
              table
            )}
          </Box>
          {workflow && <SelectedUsers users={picks.list} onRemove={picks.remove} onClear={picks.clear} />}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Box sx={{ flex: 1, fontSize: 14, color: 'text.secondary' }} data-testid="user-select-count">
          {countText('userSelect.picked', picks.list.length)}
        </Box>
        <Button data-testid="user-select-cancel" onClick={() => onClose()}>
          {t('action.cancel')}
        </Button>
        <Button data-testid="user-select-confirm" variant="contained" loading={saving} onClick={() => void confirm()}>
          {t('action.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
