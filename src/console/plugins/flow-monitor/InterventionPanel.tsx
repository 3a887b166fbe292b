// The intervention area of the detail dialog (spec/domain-console.md, "Workflow state screen", "States and transitions", "Validation rules"): choose a node and its
// approvers (its default handlers first; the workflow user selection to change them), add it to the
// numbered entries, say why, preview what will happen, then intervene.
import {
  Box,
  Button,
  Chip,
  IconButton,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import Delete from '@mui/icons-material/Delete';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import type { Calls } from '../../../core/generated/api-types.ts';
import type { DialogMessage } from '../../runtime/dialog/useDialogMessage.ts';
import { notifySuccess } from '../../shell/notify.ts';
import UserSelectDialog from '../../runtime/user-picker/UserSelectDialog.tsx';
import type { PickedUser } from '../../runtime/user-picker/user-select-types.ts';
import { PreviewSummary } from './PreviewSummary.tsx';
import { InstanceChoice, instanceLabel } from './InstanceChoice.tsx';
import { InnerChoice } from './InnerChoice.tsx';
import { approversOptional, takesApprovers, useIntervention, type Approver, type Entry } from './useIntervention.ts';

type Preview = Calls['flows.previewIntervention']['reply'];

interface InterventionPanelProps {
  instanceId: string;
  domainId: string;
  /** The instance's process and application: the user selection lists the roles of its application. */
  process: { flowId: string; applicationId: string };
  messages: DialogMessage;
  onDone: () => void;
}

export function InterventionPanel({ instanceId, domainId, process, messages, onDone }: InterventionPanelProps) {
  const { t } = useTranslation();
  const state = useIntervention(instanceId, true);
  const [comment, setComment] = useState('');
  const [picking, setPicking] = useState(false);
  const [previewed, setPreviewed] = useState<{ key: string; preview: Preview } | null>(null);
  const [busy, setBusy] = useState(false);
  const { entries, submitTo } = state;
  // A preview says what these entries and this reason would do: any change asks for a new one.
  const key = JSON.stringify([submitTo, comment]);
  const preview = previewed?.key === key ? previewed.preview : null;

  const add = () => {
    const refusal = state.add();
    if (refusal) messages.show('error', t(refusal, { node: state.chosen?.statelabel }));
    else messages.clear();
  };
  const request = () => ({
    query: { id: instanceId, nextnodeids: submitTo.map((s) => s.nodeid).join(',') },
    body: { submitTo, comment },
    silent: true,
  });
  const check = () => {
    if (entries.length === 0) return void messages.show('error', t('flow.msg.noIntervention'));
    if (!comment.trim()) return void messages.show('error', t('flow.msg.reasonRequired'));
    setBusy(true);
    call('flows.previewIntervention', request())
      .then(
        (answer) => (setPreviewed({ key, preview: answer }), messages.clear()),
        (error: unknown) => messages.showFailure(error, (m) => t('flow.msg.interventionFailed', { message: m })),
      )
      .finally(() => setBusy(false));
  };
  const intervene = () => {
    setBusy(true);
    call('flows.intervene', request())
      .then(
        () => (notifySuccess(t('flow.msg.interventionOk')), onDone()),
        (error: unknown) => messages.showFailure(error, (m) => t('flow.msg.interventionFailed', { message: m })),
      )
      .finally(() => setBusy(false));
  };

  return (
    <Box component="section" aria-labelledby="intervene-title" data-testid="intervention">
      <Typography id="intervene-title" variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {t('flow.intervene.title')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' }, mb: 1.5 }}>
        <TextField
          select
          size="small"
          label={t('flow.intervene.node')}
          value={state.chosen?.id ?? ''}
          onChange={(e) => state.chooseNode(e.target.value)}
          // Until the nodes are read there is nothing to choose: a click would open an empty menu.
          disabled={!state.ready}
          // A node deep in sub-processes has a long label: bounded, it leaves the approvers room to read.
          sx={{ minWidth: 220, maxWidth: { md: '50%' } }}
          slotProps={{ htmlInput: { 'data-testid': 'intervene-node' } }}
        >
          {state.selectable.map((n) => (
            <MenuItem key={n.id} value={n.id}>
              {n.statelabel} ({t(`flow.nodeType.${n.type}`)})
            </MenuItem>
          ))}
        </TextField>
        <Box
          sx={{ flex: 1, minWidth: { md: 160 }, display: 'flex', gap: 0.5, flexWrap: 'wrap', alignItems: 'center' }}
          data-testid="intervene-approvers"
          role="group"
          aria-label={t('flow.intervene.approvers')}
        >
          {approversOptional(state.chosen) && state.users.length === 0 ? (
            <Typography variant="body2" color="text.secondary" data-testid="intervene-per-instance">
              {t('flow.intervene.perInstance')}
            </Typography>
          ) : takesApprovers(state.chosen) ? (
            approverLabels(state.users, state.chosen, t).map((label, i) => (
              <Chip
                key={`${state.users[i].id}:${state.users[i].index ?? ''}:${i}`}
                size="small"
                label={label}
                onDelete={() => state.setUsers(state.users.filter((_, j) => j !== i))}
              />
            ))
          ) : state.chosen ? (
            <Typography variant="body2" color="text.secondary">
              {t('flow.intervene.noApprovers')}
            </Typography>
          ) : null}
        </Box>
        <Button
          variant="outlined"
          size="small"
          // Opened before the node's default handlers come, the selection would start without them.
          disabled={!takesApprovers(state.chosen) || state.readingDefaults}
          onClick={() => setPicking(true)}
          sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
          data-testid="intervene-pick"
        >
          {t('flow.intervene.chooseApprovers')}
        </Button>
        <Button
          variant="outlined"
          size="small"
          onClick={add}
          disabled={state.readingDefaults}
          sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
          data-testid="intervene-add"
        >
          {t('flow.intervene.add')}
        </Button>
      </Stack>
      {takesApprovers(state.chosen) && state.chosen?.countersign && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} data-testid="intervene-countersign">
          {t(`flow.intervene.countersign.${state.chosen.countersign}`)}
        </Typography>
      )}
      {state.chosen?.instances && state.instances && (
        <InstanceChoice
          running={state.chosen.instances}
          chosen={state.instances}
          onChange={state.setInstances}
          anew={state.chosen.anew === true}
          sequential={state.chosen.sequential === true}
        />
      )}
      {state.chosen?.inner && state.inner && (
        <InnerChoice node={state.chosen} outers={state.instances} chosen={state.inner} onChange={state.setInner} />
      )}
      <Table size="small" aria-label={t('flow.intervene.entries')} data-testid="intervene-entries">
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('flow.intervene.node')}</TableCell>
            <TableCell>{t('flow.intervene.approvers')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.length === 0 && (
            <TableRow>
              <TableCell colSpan={4}>{t('flow.intervene.empty')}</TableCell>
            </TableRow>
          )}
          {entries.map((e, i) => (
            <TableRow key={e.node.id}>
              <TableCell>{i + 1}</TableCell>
              <TableCell>
                {e.node.statelabel}
                {e.node.instances && (
                  <Typography variant="body2" color="text.secondary" data-testid="intervene-entry-instances">
                    {instancesOf(e, t)}
                  </Typography>
                )}
              </TableCell>
              <TableCell>{approversOf(e, t)}</TableCell>
              <TableCell align="right">
                <IconButton
                  size="small"
                  aria-label={`${t('flow.intervene.remove')} ${e.node.statelabel}`}
                  onClick={() => state.remove(i)}
                >
                  <Delete fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TextField
        label={t('flow.field.reason')}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        fullWidth
        multiline
        minRows={2}
        size="small"
        required
        sx={{ my: 1.5 }}
        slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'intervene-reason' } }}
      />
      {preview && <PreviewSummary preview={preview} />}
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, justifyContent: 'flex-end' }}>
        <Button variant="outlined" onClick={check} loading={busy && !preview} data-testid="intervene-preview">
          {t('flow.intervene.preview')}
        </Button>
        <Button
          variant="contained"
          color="warning"
          disabled={!preview}
          onClick={intervene}
          loading={busy && Boolean(preview)}
          data-testid="intervene-confirm"
        >
          {t('flow.intervene.confirm')}
        </Button>
      </Stack>
      {picking && (
        <UserSelectDialog
          data={{
            domainid: domainId,
            selected: state.users,
            approval: state.chosen && { docId: instanceId, ...process, nodeId: state.chosen.id },
          }}
          onClose={(result) => {
            setPicking(false);
            const picked = (result as { users?: PickedUser[] } | undefined)?.users;
            if (picked) state.setUsers(picked);
          }}
        />
      )}
    </Box>
  );
}

type Translate = ReturnType<typeof useTranslation>['t'];

/** An entry's instances: those chosen, by number and element, or all running ones (all it starts, entered anew). */
const instancesOf = (entry: Entry, t: Translate) =>
  [
    entry.instances
      ? labelsOf(entry.node.instances ?? [], entry.instances, t)
      : t(entry.node.anew ? 'flow.intervene.allNewInstances' : 'flow.intervene.allInstances'),
    // Two levels deep, the inner instances of each outer instance that leaves some out (ADR 0246).
    ...(entry.inner ?? []).map((choice) => {
      const outer = entry.node.instances?.find((i) => i.index === choice.outer);
      const offer = entry.node.inner?.find((o) => o.outer === choice.outer);
      return t('flow.intervene.innerChosen', {
        outer: outer ? instanceLabel(outer, t) : choice.outer + 1,
        instances: labelsOf(offer?.instances ?? [], choice.instances, t),
      });
    }),
  ].join('; ');

/** The instances of `offered` whose indexes are `chosen`, by number and element. */
const labelsOf = (offered: Parameters<typeof instanceLabel>[0][], chosen: readonly number[], t: Translate) =>
  offered
    .filter((i) => chosen.includes(i.index))
    .map((i) => instanceLabel(i, t))
    .join(t('flow.intervene.listSeparator'));

/** An entry's approvers: those chosen, or each instance's by the node's rule, or none for its kind. */
const approversOf = (entry: Entry, t: Translate) =>
  !takesApprovers(entry.node)
    ? t('flow.intervene.noApprovers')
    : entry.users.length === 0 && approversOptional(entry.node)
      ? t('flow.intervene.perInstance')
      : approverLabels(entry.users, entry.node, t).join(
          entry.node.countersign === 'sequential' ? t('flow.intervene.thenSeparator') : ', ',
        );

/** The approvers chosen, by name; at a countersign in turn, numbered in the order they approve. */
const approverLabels = (users: readonly Approver[], node: Entry['node'] | undefined, t: Translate) =>
  users.map((u, i) =>
    node?.countersign === 'sequential' && u.index === undefined
      ? t('flow.intervene.inTurn', { number: i + 1, name: u.name })
      : approverLabel(u, t),
  );

/** An approver by name; one the node's computed assignee names for an inner instance with that instance
 *  ("Instance 2: Ann Lee (acme124)"), as the instances to move are shown. */
const approverLabel = (u: Approver, t: Translate) =>
  u.index === undefined
    ? u.name
    : t('flow.intervene.instance', { number: u.index + 1, element: u.loginno ? `${u.name} (${u.loginno})` : u.name });
