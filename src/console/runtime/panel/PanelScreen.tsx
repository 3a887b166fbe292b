// Screen kind `panel` (docs/adr/0157-task-runtime-in-yaml.md): one answer of a read call (its route
// context from the URL and the documentation sign-in) drawn read-only in parts, under a heading with an
// optional Close that clears route values, and actions over it: a form screen in a dialog on a record
// built from the answer, or a call after a confirmation. Any change reads the answer again
// (api/queries.ts), so the panel shows what an action did. Drawn in a dialog (PanelInDialog.tsx) its
// route values are the dialog's data, the dialog is its frame and heading, and it says outcomes there.
import Close from '@mui/icons-material/Close';
import { Box, Divider, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { PanelPart, PanelScreen as PanelDef } from '../../../core/catalogue/panel-screen.ts';
import type { ScreenProps } from '../../shell/ScreenHost.tsx';
import { LoadingPanel } from '../../shell/LoadingPanel.tsx';
import { useCellRenderers } from '../cells/useCellRenderers.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { FormDialog } from '../dialog/FormDialog.tsx';
import type { DialogMessage } from '../dialog/useDialogMessage.ts';
import { valueOf } from '../import/import-values.ts';
import { ScreenDialog, useDialogScreen } from '../dialog-screens/ScreenDialog.tsx';
import { PanelChoose } from './PanelChoose.tsx';
import { PanelActionBar } from './PanelActionBar.tsx';
import { PanelPartView } from './PanelPartView.tsx';
import { RevealDialog } from './RevealDialog.tsx';
import { usePanelAnswer } from './usePanelAnswer.ts';
import { usePanelActions } from './usePanelActions.ts';
import { useRowActions } from './useRowActions.tsx';

const NO_DATA = {};

const renderNames = (screen: PanelDef) =>
  screen.parts.flatMap((p) => [
    p.render?.name,
    ...(p.facts ?? []).map((f) => f.render),
    ...(p.table?.columns ?? []).map((c) => c.render),
  ]);

export interface PanelProps {
  screen: PanelDef;
  /** Route values taken from a dialog's data instead of the URL; the panel is then drawn unframed. */
  context?: URLSearchParams;
  /** The dialog's message bar, where row actions say their outcome. */
  messages?: DialogMessage;
}

export function Panel({ screen, context, messages }: PanelProps) {
  const { t } = useTranslation();
  const [address, setUrl] = useSearchParams();
  const read = usePanelAnswer(screen, context ?? address);
  const reply = read.reply;
  const renderers = useCellRenderers(renderNames(screen));
  const actions = usePanelActions(screen, reply, context);
  const rows = useRowActions(screen.testId, messages);
  const opened = useDialogScreen(actions.opened?.name);
  const hint = screen.choose?.hint && actions.shown.some(actions.blocked) ? screen.choose : undefined;
  // Actions a part lists are drawn in it, their test ids starting with the part's.
  const inParts = new Set(screen.parts.flatMap((p) => p.actions ?? []));
  const shownIn = (part: PanelPart) => actions.shown.filter((a) => part.actions?.includes(a.id));
  const prefixOf = (id: string) => screen.parts.find((p) => p.actions?.includes(id))?.testId ?? screen.testId;
  const bar = { running: actions.running, said: actions.said, onRun: actions.run, blocked: actions.blocked };
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
  const framed = !context;
  return (
    <Box
      component={framed ? Paper : 'section'}
      {...(framed ? { variant: 'outlined', 'aria-labelledby': `${screen.testId}-title`, sx: { p: 2 } } : {})}
      aria-busy={read.fetching}
      data-testid={screen.testId}
    >
      {framed && (
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
      )}
      {!reply || !renderers ? (
        <LoadingPanel />
      ) : (
        <>
          <PanelActionBar
            {...bar}
            actions={actions.shown.filter((a) => !inParts.has(a.id))}
            testId={screen.testId}
            lead={screen.choose && <PanelChoose choice={screen.choose} />}
          />
          {hint && (
            <Typography variant="body2" color="text.secondary" data-testid={`${hint.testId}-hint`}>
              {t(hint.hint ?? '')}
            </Typography>
          )}
          {screen.parts
            .filter((part) => !part.actions || shownIn(part).length > 0)
            .map((part, i) => (
              // Drawn afresh for each answer: a table keeps the rows it was first given (ImportTable).
              <Fragment key={`${part.testId ?? i}@${read.at}`}>
                {i > 0 && <Divider sx={{ my: 2 }} />}
                <PanelPartView
                  part={part}
                  reply={reply}
                  renderers={renderers}
                  rowActions={part.table?.actions && rows.buttons(part.table.actions)}
                >
                  {part.actions && (
                    <PanelActionBar {...bar} actions={shownIn(part)} testId={part.testId ?? screen.testId} />
                  )}
                </PanelPartView>
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
      {actions.revealed && (
        <RevealDialog shown={actions.revealed} testId={prefixOf(actions.revealed.id)} onClose={actions.closeRevealed} />
      )}
      {rows.confirmation}
    </Box>
  );
}

export default function PanelScreen({ screen }: ScreenProps) {
  if (screen.kind !== 'panel') throw new Error(`screen "${screen.id}" is not a panel screen`);
  return <Panel screen={screen} />;
}
