// Screen kind `panel` (docs/adr/0157-task-runtime-in-yaml.md): one answer of a read call (its route
// context from the URL and the documentation sign-in) drawn read-only in parts, under a heading with an
// optional Close that clears route values, and actions over it: a form screen in a dialog on a record
// built from the answer, or a call after a confirmation. Any change reads the answer again
// (api/queries.ts), so the panel shows what an action did.
import Close from '@mui/icons-material/Close';
import { Button, Divider, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { PanelScreen as PanelDef } from '../../../core/catalogue/panel-screen.ts';
import { useCallAny } from '../../api/queries.ts';
import type { ScreenProps } from '../../shell/ScreenHost.tsx';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';
import { useRouteArgs } from '../call-args.ts';
import { useCellRenderers } from '../cells/useCellRenderers.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { FormDialog } from '../dialog/FormDialog.tsx';
import { valueOf, type Answer } from '../import/import-values.ts';
import { ScreenDialog, useDialogScreen } from '../dialog-screens/ScreenDialog.tsx';
import { PanelChoose } from './PanelChoose.tsx';
import { PanelPartView } from './PanelPartView.tsx';
import { usePanelActions } from './usePanelActions.ts';

const NO_DATA = {};

const renderNames = (screen: PanelDef) =>
  screen.parts.flatMap((p) => [
    p.render?.name,
    ...(p.facts ?? []).map((f) => f.render),
    ...(p.table?.columns ?? []).map((c) => c.render),
  ]);

function Panel({ screen }: { screen: PanelDef }) {
  const { t } = useTranslation();
  const [, setUrl] = useSearchParams();
  const args = useRouteArgs(screen.read.args);
  const read = useCallAny<Answer>(
    screen.read.call,
    { params: args.params, query: args.query, body: Object.keys(args.body).length ? args.body : undefined },
    { enabled: args.missing.length === 0 },
  );
  const reply = read.data;
  const renderers = useCellRenderers(renderNames(screen));
  const actions = usePanelActions(screen, reply);
  const opened = useDialogScreen(actions.opened?.name);
  const hint = screen.choose?.hint && actions.shown.some(actions.blocked) ? screen.choose : undefined;
  const heading = reply
    ? t(
        screen.heading.label,
        Object.fromEntries(
          Object.entries(screen.heading.values ?? {}).map(([n, rule]) => [n, valueOf(rule, reply, NO_DATA) ?? '']),
        ),
      )
    : t('app.loading');
  const close = () =>
    setUrl((now) => {
      const next = new URLSearchParams(now);
      for (const name of screen.close ?? []) next.delete(name);
      return next;
    });
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={`${screen.testId}-title`}
      aria-busy={read.isFetching}
      sx={{ p: 2 }}
      data-testid={screen.testId}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2" id={`${screen.testId}-title`} sx={{ fontSize: 18 }}>
          {heading}
        </Typography>
        {screen.close && (
          <Tooltip title={t('action.close')}>
            <IconButton onClick={close} aria-label={t('action.close')} data-testid={`${screen.testId}-close`}>
              <Close />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      {!reply || !renderers ? (
        <LoadingPanel />
      ) : (
        <>
          {actions.shown.length > 0 && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ my: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              {screen.choose && <PanelChoose choice={screen.choose} />}
              {actions.shown.map((action) => (
                <Button
                  key={action.id}
                  variant="outlined"
                  disabled={actions.blocked(action)}
                  onClick={() => actions.run(action)}
                  loading={actions.running === action.id}
                  data-testid={`${screen.testId}-${action.id}`}
                >
                  {t(action.label)}
                </Button>
              ))}
            </Stack>
          )}
          {hint && (
            <Typography variant="body2" color="text.secondary" data-testid={`${hint.testId}-hint`}>
              {t(hint.hint ?? '')}
            </Typography>
          )}
          {screen.parts.map((part, i) => (
            // Drawn afresh for each answer: a table keeps the rows it was first given (ImportTable).
            <Fragment key={`${part.testId ?? i}@${read.dataUpdatedAt}`}>
              {i > 0 && <Divider sx={{ my: 2 }} />}
              <PanelPartView part={part} reply={reply} renderers={renderers} />
            </Fragment>
          ))}
        </>
      )}
      {actions.pending && (
        <ConfirmDialog text={t(actions.pending.confirm ?? '')} onConfirm={actions.confirm} onCancel={actions.cancel} />
      )}
      {actions.dialog && (
        <FormDialog
          screenId={actions.dialog.form}
          data={actions.dialog.data}
          fixed={actions.dialog.fixed}
          params={actions.dialog.params}
          idField="id"
          onClose={actions.closeDialog}
        />
      )}
      {actions.opened && opened && (
        <ScreenDialog
          screen={opened}
          data={actions.opened.data}
          onClose={() => (actions.closeOpened(), void read.refetch())}
        />
      )}
    </Paper>
  );
}

export default function PanelScreen({ screen }: ScreenProps) {
  if (screen.kind !== 'panel') throw new Error(`screen "${screen.id}" is not a panel screen`);
  return <Panel screen={screen} />;
}
