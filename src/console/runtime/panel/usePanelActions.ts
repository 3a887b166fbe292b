// A panel's actions over its answer (docs/adr/0157-task-runtime-in-yaml.md): each shown while its
// `visible` rule over the answer holds; `form` opens the form screen in a dialog on the record its
// `record` rules build (with `args.body` route values joined, the save calls' query taking theirs);
// `call` runs the call with its route context, after `confirm` when it has one, and says what came back,
// or shows its `reveal` fields once (RevealDialog.tsx). `dialog` opens a dialog screen (a job) on the
// `args.body` route values (docs/adr/0161-panel-choice-and-job-actions.md); an action whose `needs`
// route values are empty is disabled. An action shows only to callers who may make its call (a form's,
// its create call; a job's, its start call).
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { PanelAction, PanelScreen } from '../../../core/catalogue/panel-screen.ts';
import { callAny } from '../../api/client.ts';
import { queryClient } from '../../api/queries.ts';
import { mayCall } from '../../session/reach.ts';
import { useCatalogue } from '../catalogue-context.ts';
import { label } from '../../shell/LabelText.tsx';
import { notifySuccess } from '../../shell/notify.ts';
import { resolveArgs } from '../call-args.ts';
import { valueOf, type Answer } from '../import/import-values.ts';
import type { Revealed } from './RevealDialog.tsx';

const NO_DATA = {};

export interface PanelDialog {
  form: string;
  data: Answer;
  fixed: Answer;
  params: Record<string, string>;
}

export function usePanelActions(screen: PanelScreen, reply: Answer | undefined, context?: URLSearchParams) {
  const [address] = useSearchParams();
  const url = context ?? address;
  const [pending, setPending] = useState<PanelAction | null>(null);
  const [dialog, setDialog] = useState<PanelDialog | null>(null);
  const [running, setRunning] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  // The last answer of an action with `result`, said under its buttons until the next action.
  const [said, setSaid] = useState<{ id: string; answer: Answer } | null>(null);
  const screens = useCatalogue().screens;
  const [opened, setOpened] = useState<{ name: string; data: Answer } | null>(null);
  const callOf = (a: PanelAction) => {
    const form = a.form ? (screens[a.form] as { kind?: string; create?: string } | undefined) : undefined;
    const job = a.dialog ? (screens[a.dialog] as { kind?: string; start?: { call: string } } | undefined) : undefined;
    return a.call ?? (form?.kind === 'form' ? form.create : job?.start?.call);
  };
  const blocked = (a: PanelAction) => (a.needs ?? []).some((name) => !url.get(name));
  const shown = reply
    ? (screen.actions ?? []).filter((a) => {
        const call = callOf(a);
        return call !== undefined && mayCall(call) && (!a.visible || Boolean(valueOf(a.visible, reply, NO_DATA)));
      })
    : [];

  const execute = useCallback(
    async (action: PanelAction) => {
      if (!action.call) return;
      const { params, query, body } = resolveArgs(action.args, url);
      setRunning(action.id);
      setSaid(null);
      try {
        const answer = await callAny<{ message?: unknown } | null>(action.call, {
          params,
          query,
          body: Object.keys(body).length ? body : undefined,
        });
        // Shown once the panel has read again, so the answer and the panel agree (a new secret's hint).
        if (action.reveal || action.result) await queryClient.invalidateQueries({ queryKey: [screen.read.call] });
        if (action.reveal)
          setRevealed({ id: action.id, title: action.label, reveal: action.reveal, answer: answer ?? {} });
        else if (action.result) setSaid({ id: action.id, answer: answer ?? {} });
        else
          notifySuccess(
            typeof answer?.message === 'string' && answer.message ? answer.message : label('msg.saveSuccess'),
          );
      } catch {
        /* the client showed errmsg; the panel stays as it was */
      } finally {
        setRunning(null);
      }
    },
    [url, screen.read.call],
  );

  const run = (action: PanelAction) => {
    if (blocked(action)) return;
    if (action.dialog) setOpened({ name: action.dialog, data: resolveArgs(action.args, url).body });
    else if (action.form && reply) {
      const { params, body } = resolveArgs(action.args, url);
      const record = Object.fromEntries(
        Object.entries(action.record ?? {}).map(([field, rule]) => [field, valueOf(rule, reply, NO_DATA)]),
      );
      setDialog({ form: action.form, data: { ...body, ...record }, fixed: body, params });
    } else if (action.confirm) setPending(action);
    else void execute(action);
  };

  return {
    shown,
    blocked,
    run,
    opened,
    closeOpened: () => setOpened(null),
    running,
    pending,
    confirm: () => (pending && void execute(pending), setPending(null)),
    cancel: () => setPending(null),
    dialog,
    closeDialog: () => setDialog(null),
    said,
    revealed,
    closeRevealed: () => setRevealed(null),
  };
}
