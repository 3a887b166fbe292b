// Screen kind `tabs`: a tab frame whose tabs each draw another catalogue screen (flow monitoring: the
// instances and the dashboard), within an optional scope choice (its software). The chosen tab is the
// route query `view` (a frame embedded in a form's tab leaves the form's `tab` alone); a tab is shown
// only to callers who may open its screen. Another tab or choice asks first when the screen shown holds
// unsaved changes (runtime/unsaved-guard.ts). With `signIn`
// the tabs need the debug page's sign-in (SignInGate).
import { Alert, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../../shell/ScreenHost.tsx';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';
import { EmbeddedScreen } from '../form/FormScreen.tsx';
import { useFormTabs } from '../form/useFormTabs.ts';
import { EmptyState } from '../list/EmptyState.tsx';
import { SignInGate } from './SignInGate.tsx';
import { TabBar } from './TabBar.tsx';
import { guarded } from '../unsaved-guard.ts';
import { useScopeChoice } from './useScopeChoice.ts';

const EMPTY = {};

export default function TabsScreen({ screen }: ScreenProps) {
  if (screen.kind !== 'tabs') throw new Error(`screen "${screen.id}" is not a tabs screen`);
  const { t } = useTranslation();
  const tabs = useFormTabs(screen.tabs, EMPTY, true, 'view');
  const scope = useScopeChoice(screen.scope);
  const ready = !screen.scope || scope.chosen !== null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 1, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="h6" component="h1" sx={{ fontSize: 18 }}>
          {t(screen.title)}
        </Typography>
        {screen.scope && scope.choices && scope.choices.length > 0 && (
          <TextField
            select
            size="small"
            label={t(screen.scope.label)}
            value={scope.chosen ?? ''}
            onChange={(e) => guarded(() => scope.choose(e.target.value))}
            sx={{ minWidth: 240 }}
            slotProps={{ htmlInput: { 'data-testid': 'scope-choice' } }}
          >
            {scope.choices.map((c) => (
              <MenuItem key={c.value} value={c.value}>
                {c.text}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      {/* A frame around one screen (a scope choice over one list) draws no bar of one tab. */}
      <SignInGate signIn={screen.signIn}>
        <TabBar
          tabs={screen.tabs.length > 1 ? tabs.shown : []}
          current={tabs.current?.id}
          onSelect={(id) => guarded(() => tabs.select(id))}
          testId="view-tab-"
        >
          {scope.choices === null ? (
            <LoadingPanel />
          ) : scope.error ? (
            <Alert severity="error" data-testid="scope-error">
              {scope.error}
            </Alert>
          ) : scope.missing ? (
            <Alert severity="info" data-testid="scope-missing">
              {t('list.needsContext')}
            </Alert>
          ) : screen.scope && scope.choices.length === 0 ? (
            <EmptyState text={screen.scope.empty} />
          ) : ready && tabs.current ? (
            <EmbeddedScreen key={`${tabs.current.id}:${scope.chosen ?? ''}`} id={tabs.current.screen} />
          ) : (
            <LoadingPanel />
          )}
        </TabBar>
      </SignInGate>
    </Paper>
  );
}
