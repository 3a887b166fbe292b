// Dialog `user-select` (spec/platform-console.md, "Screens and routes", spec/domain-console.md, "Entities and their fields" (User-selection query)): the one user
// picker of the console. Tabs: search (a part of a name or login number, searched on the server, so it
// finds one user among thousands), by department (lazy tree, then its users), by role (an application's
// roles, then their holders) and query (name, login number, department, status; the spec's query types
// 1, 2, 3 are department, role, query). A tab switch starts again at page 1 with nothing filtered; the
// picked users stay, listed beside the table. Confirm hands them to the opener as `{ users }`, or makes
// the opener's `confirmCall` with their ids.
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Tab, Tabs, Typography } from '@mui/material';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { callAny } from '../../api/client.ts';
import { countText } from '../counted-label.ts';
import { DialogMessageBar } from '../dialog/DialogMessageBar.tsx';
import type { DialogPluginProps } from '../dialog/types.ts';
import { useDialogMessage } from '../dialog/useDialogMessage.ts';
import { DepartmentTree } from './DepartmentTree.tsx';
import { KeywordSearch } from './KeywordSearch.tsx';
import { RolePanel } from './RolePanel.tsx';
import { SelectedUsers } from './SelectedUsers.tsx';
import { UserSearchBar } from './UserSearchBar.tsx';
import { UserTable } from './UserTable.tsx';
import { usePicks } from './usePicks.ts';
import { useUserSearch } from './useUserSearch.ts';
import { PAGE_SIZES, TABS, TREE_MAX_HEIGHT, type QueryTab, type UserSelectInput } from './user-select-types.ts';

export default function UserSelectDialog({ data, onClose }: DialogPluginProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const input = data as Partial<UserSelectInput>;
  const domainId = String(input.domainid ?? params.get('domainid') ?? '');
  const messages = useDialogMessage();
  const [approval] = useState(input.approval); // fixed while the dialog is open
  const [docs] = useState(input.docs);
  const single = Boolean(input.single || docs);
  const search = useUserSearch(domainId, PAGE_SIZES[0], messages, approval, Boolean(docs));
  const picks = usePicks(input.selected);
  const [department, setDepartment] = useState<string | null>(null);
  const [tab, setTab] = useState<QueryTab>('search');
  const { setQuery, query } = search;

  const chooseDepartment = useCallback(
    (id: string | null) => {
      setDepartment(id);
      setQuery({ departmentid: id ?? undefined });
    },
    [setQuery],
  );
  const applyKeyword = useCallback((keyword: string) => setQuery({ keyword }), [setQuery]);
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
      await callAny(input.confirmCall, {
        params: input.confirmParams ?? { id: domainId },
        body: picks.list.map((u) => u.id),
        silent: true,
      });
      onClose({ reload: true });
    } catch (e) {
      messages.showFailure(e);
      setSaving(false);
    }
  };

  const side = {
    search: <KeywordSearch onApply={applyKeyword} />,
    department: (
      <DepartmentTree
        domainId={domainId}
        selected={department}
        onSelect={chooseDepartment}
        maxHeight={TREE_MAX_HEIGHT}
      />
    ),
    role: (
      <RolePanel
        applicationId={approval?.applicationId ?? docs?.applicationId}
        domainId={domainId}
        selected={query.roleid ?? null}
        onSelect={(roleid) => setQuery({ roleid: roleid ?? undefined })}
        maxHeight={TREE_MAX_HEIGHT}
        onFailure={messages.showFailure}
      />
    ),
    query: <UserSearchBar onApply={setQuery} onReset={() => setQuery({})} onJobOnly={Boolean(docs)} />,
  }[tab];
  const beside = tab === 'department' || tab === 'role'; // a tree or list left of the table; else above it

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
        <Tabs value={tab} onChange={(_e, next: QueryTab) => switchTab(next)} sx={{ mb: 1 }}>
          {TABS.map((name) => (
            <Tab key={name} value={name} label={t(`userSelect.tab.${name}`)} data-testid={`user-select-tab-${name}`} />
          ))}
        </Tabs>
        {docs && (
          <Typography sx={{ mb: 1, fontSize: 13, color: 'text.secondary' }}>{t('userSelect.onJobOnly')}</Typography>
        )}
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          {beside && side}
          <Box sx={{ flex: 1, minWidth: 0 }}>
            {!beside && side}
            {tab === 'role' && !query.roleid ? (
              <Typography sx={{ p: 2, color: 'text.secondary' }} data-testid="user-select-role-hint">
                {t('userSelect.chooseRole')}
              </Typography>
            ) : (
              <UserTable
                rows={search.rows}
                rowCount={search.rowCount}
                loading={search.loading}
                paging={search.paging}
                pageSizes={PAGE_SIZES}
                onPaging={search.setPaging}
                picked={picks.picked}
                onPick={(users, on) => {
                  messages.clear();
                  if (single && on) picks.clear(); // one user: a new pick replaces the last
                  picks.pick(single && on ? users.slice(-1) : users, on);
                }}
              />
            )}
          </Box>
          <SelectedUsers users={picks.list} onRemove={picks.remove} onClear={picks.clear} />
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
