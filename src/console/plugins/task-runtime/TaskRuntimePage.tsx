// The task runtime (issue 33 item 7, docs/adr/0132-task-runtime-and-bare-bpmn.md), where the debug mode lands: signed in on the debug
// page as one of an enterprise's users, an administrator starts a process with its form, works through
// "my tasks" (approve, send back) and what the user started (retract), and sees an instance's history
// and diagram. Everything runs through the runtime REST with that sign-in's credential, as a program would.
import { Alert, Button, Paper, Stack, Tab, Tabs } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useRuntimeCredential, type RuntimeCredential } from '../../api/runtime-sign-in.ts';
import type { PluginProps } from '../../runtime/plugin/types.ts';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';
import { InstancePanel } from './InstancePanel.tsx';
import { StartPanel } from './StartPanel.tsx';
import { TaskTable } from './TaskTable.tsx';
import { useTaskRuntime, VIEWS } from './useTaskRuntime.ts';

function SignedInRuntime({ credential }: { credential: RuntimeCredential }) {
  const { t } = useTranslation();
  const runtime = useTaskRuntime(credential);
  const { view, lists } = runtime;
  return (
    <Stack spacing={2}>
      <Alert severity="warning" data-testid="runtime-acting">
        {t('taskRuntime.acting', {
          user: credential.userName,
          code: credential.userCode,
          domain: credential.domainName,
        })}
      </Alert>
      <Paper variant="outlined">
        <Tabs value={view} onChange={(_, v) => runtime.setView(v)} aria-label={t('taskRuntime.views')}>
          {VIEWS.map((v) => (
            <Tab
              key={v}
              value={v}
              id={`runtime-tab-${v}`}
              aria-controls="runtime-view"
              data-testid={`runtime-tab-${v}`}
              label={
                v === 'todo' && lists
                  ? t('taskRuntime.view.todoCount', { count: lists.todo.length })
                  : t(`taskRuntime.view.${v}`)
              }
            />
          ))}
        </Tabs>
        <div role="tabpanel" id="runtime-view" aria-labelledby={`runtime-tab-${view}`}>
          {view === 'start' ? (
            <StartPanel runtime={runtime} />
          ) : !lists ? (
            <LoadingPanel />
          ) : (
            <TaskTable rows={lists[view]} kind={view} onOpen={runtime.openInstance} />
          )}
        </div>
      </Paper>
      {runtime.open && <InstancePanel runtime={runtime} />}
    </Stack>
  );
}

export default function TaskRuntimePage({ props }: PluginProps) {
  const { t } = useTranslation();
  const credential = useRuntimeCredential();
  if (!credential)
    return (
      <Alert
        severity="info"
        data-testid="runtime-signed-out"
        action={
          <Button
            component={RouterLink}
            to={typeof props.signIn === 'string' ? props.signIn : '/debug'}
            color="inherit"
            size="small"
          >
            {t('taskRuntime.goSignIn')}
          </Button>
        }
      >
        {t('taskRuntime.signedOut')}
      </Alert>
    );
  return <SignedInRuntime credential={credential} />;
}
