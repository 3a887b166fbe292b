// Runs toolbar and row actions: `to` navigates, `download` saves a GET call's answer (the route
// context fills its path and query; the list's applied search and sort go along where the download
// call's query declares them, so an export holds what the list shows), `call` runs the API call with the selected (or the
// row's) ids after the confirmation prompt, `dialog` opens a registered dialog with the row (or {} from
// the toolbar; with `selection: required` also the selected `ids`); a required but empty selection
// shows the action's message. An action's `args` add the route context (call-args.ts): its call's path
// parameters and query, or (dialog) fields of the data the dialog receives. A row action may also open
// a form screen in a dialog on the row (`form`) or show the row in the list's detail screen (`detail`).
// A toolbar `call` with `pick: users` opens the runtime user picker first and is made with the picked
// users' ids; `ids` names the body field taking the ids (beside `args.body`), `done` the counted label
// said after (docs/adr/0152-master-detail-screen-kind.md); `batch` makes the call over the selection
// from a BatchDialog; a row's `formTabs` opens its TabsDialog (docs/adr/0156-batch-and-pick-list-actions.md).
import { useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { ActionDef } from '../../../core/catalogue/types.ts';
import { callAny, callUrl } from '../../api/client.ts';
import { getBoot } from '../../shell/boot.ts';
import { notifyError, notifySuccess, notifyWarning } from '../../shell/notify.ts';
import { label } from '../../shell/LabelText.tsx';
import { resolveArgs } from '../call-args.ts';
import { countText } from '../counted-label.ts';
import type { UserSelectResult } from '../user-picker/user-select-types.ts';
import { downloadFrom } from '../download.ts';
import { toggleDetail, type ListDetailDef } from './detail-url.ts';

export interface Affected {
  id: string;
  name: string;
  loginno?: string;
}

export interface PendingConfirm {
  action: ActionDef;
  ids: string[];
  rowId?: string;
  /** What else the action would touch (its `impact` call's answer), and whether the user chose the
   *  option about it. */
  affected?: Affected[];
  option?: boolean;
}

function successKey(callId: string): string {
  return getBoot().catalogue.calls[callId]?.method === 'DELETE' ? 'msg.deleteSuccess' : 'msg.saveSuccess';
}

/** The part of what the list shows that the download call's query accepts. */
export function shownFor(callId: string, shown: Record<string, unknown>): Record<string, unknown> {
  const accepted = getBoot().catalogue.calls[callId]?.queryNames ?? [];
  return Object.fromEntries(Object.entries(shown).filter(([name]) => accepted.includes(name)));
}

export interface OpenDialog {
  /** A registered dialog's name, or (`form`) a catalogue form screen drawn in a FormDialog, or
   *  (`import`) an import screen drawn in an ImportDialog. */
  name: string;
  form?: string;
  import?: string;
  /** (`batch`) the action run over the selected rows from a BatchDialog. */
  batch?: ActionDef;
  /** (`formTabs`) the row action whose dialog of form tabs is open, for the row `recordId`. */
  formTabs?: ActionDef;
  recordId?: string;
  data: Record<string, unknown>;
  /** A form's fields of every new record (its action's `args.body` and `fixed`), and the path
   *  parameters of its save calls beyond the record key (`args.params`: the calendar of a day). */
  fixed?: Record<string, unknown>;
  params?: Record<string, string>;
}

/** The record a row's form action starts from: the row, or its fields picked by the action's `query`. */
function formRecord(action: ActionDef, row: Record<string, unknown>): Record<string, unknown> {
  if (!action.query) return row;
  // An empty row field (a task never given a first run date) leaves the form's field empty, not null.
  const picked = Object.entries(action.query).map(([field, from]) => [field, row[from]] as const);
  return Object.fromEntries(picked.filter(([, value]) => value !== null && value !== undefined));
}

/** `rowOf` finds a shown row by id (the data a row action's dialog receives). */
export function useListActions(
  selection: string[],
  afterChange: () => void,
  rowOf: (id: string) => Record<string, unknown> | undefined,
  shown: Record<string, unknown> = {},
  detail?: ListDetailDef,
) {
  const navigate = useNavigate();
  const [url, setUrl] = useSearchParams();
  const [pending, setPending] = useState<PendingConfirm | null>(null);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [running, setRunning] = useState(false);
  /** A `pick: users` action waiting for the picker, with the data the picker opens with. */
  const [picking, setPicking] = useState<{ action: ActionDef; data: Record<string, unknown> } | null>(null);

  const execute = useCallback(
    async ({ action, ids, rowId, option }: PendingConfirm) => {
      if (!action.call) return;
      const sendsIds = rowId !== undefined || action.selection === 'required' || action.pick !== undefined;
      const context = resolveArgs(action.args, url);
      // A row's id goes in the query when the call takes `id` there and not in its path (the spec's
      // task stop: PUT …/task/stop?id=…); then it is not also the body.
      const call = getBoot().catalogue.calls[action.call];
      const idInQuery =
        rowId !== undefined && !call?.path.includes('{id}') && (call?.queryNames?.includes('id') ?? false);
      const query = {
        ...(idInQuery ? { id: rowId } : {}),
        ...context.query,
        ...(option && action.impact ? action.impact.query : undefined),
      };
      // A row's id fills {id} unless the route context names it (the enterprise of /domain/{id}/user).
      const params = { ...(rowId === undefined || idInQuery ? {} : { id: rowId }), ...context.params };
      setRunning(true);
      try {
        const answer = await callAny<{ success?: unknown; message?: unknown } | null>(action.call, {
          params,
          query,
          body: !sendsIds || idInQuery ? undefined : action.ids ? { ...context.body, [action.ids]: ids } : ids,
        });
        // A call answering a result of its own ({ success?, message }) is reported with it, as in forms.
        if (typeof answer?.message === 'string' && answer.message)
          (answer.success === false ? notifyError : notifySuccess)(answer.message);
        else notifySuccess(action.done ? countText(action.done, ids.length) : label(successKey(action.call)));
        afterChange();
      } catch {
        /* the client showed errmsg; the list stays as it was */
      } finally {
        setRunning(false);
      }
    },
    [afterChange, url],
  );

  /** Starts an action; `rowId` for an action on one row (card delete cross, row action button). */
  const run = useCallback(
    (action: ActionDef, rowId?: string) => {
      if (action.to) {
        navigate(action.to);
        return;
      }
      if (action.download) {
        const { params, query } = resolveArgs(action.args, url);
        const asked = { ...shownFor(action.download, shown), ...query, ...action.fixed };
        downloadFrom(callUrl(action.download, params, asked));
        return;
      }
      if (action.pick) {
        setPicking({ action, data: resolveArgs(action.args, url).body });
        return;
      }
      const ids = rowId === undefined ? selection : [rowId];
      if (action.selection === 'required' && ids.length === 0) {
        notifyWarning(label(action.message ?? 'msg.selectData'));
        return;
      }
      if (action.detail && detail && rowId !== undefined) {
        // Shows the row's detail, or hides it when it is the one shown; the rest of the URL stays.
        setUrl((now) => toggleDetail(now, detail, rowOf(rowId) ?? {}, rowId));
        return;
      }
      if (action.form) {
        // On a row, the row's record; from the toolbar, a new one. `args.body` holds the fields every
        // new record starts with, also after Save and new (the enterprise of its own extension field).
        const { body, params } = resolveArgs(action.args, url);
        const fixed = { ...body, ...action.fixed };
        const data = rowId === undefined ? { ...fixed } : formRecord(action, rowOf(rowId) ?? {});
        setDialog({ name: action.id, form: action.form, data, fixed, params });
        return;
      }
      if (action.formTabs && rowId !== undefined) {
        const { body, params } = resolveArgs(action.args, url);
        setDialog({ name: action.id, formTabs: action, data: { ...rowOf(rowId), ...body }, params, recordId: rowId });
        return;
      }
      if (action.batch) {
        const data = { ...resolveArgs(action.args, url).body, ids, rows: ids.map(rowOf) };
        setDialog({ name: action.id, batch: action, data });
        return;
      }
      if (action.dialog || action.import) {
        const data = { ...(rowId === undefined ? {} : rowOf(rowId)), ...resolveArgs(action.args, url).body };
        setDialog({
          name: action.dialog ?? action.id,
          import: action.import,
          data: action.selection === 'required' ? { ...data, ids, rows: ids.map(rowOf).filter(Boolean) } : data,
        });
        return;
      }
      const request = { action, ids, rowId };
      if (!action.confirm) void execute(request);
      else if (!action.impact) setPending(request);
      // The confirmation waits for what else the action would touch; a refusal was shown already.
      else
        void callAny<{ affected: Affected[] }>(action.impact.call, {
          params: resolveArgs(action.args, url).params,
          body: ids,
        }).then(
          ({ affected }) => setPending({ ...request, affected, option: false }),
          () => undefined,
        );
    },
    [navigate, selection, execute, rowOf, url, shown, detail, setUrl],
  );

  const setOption = useCallback((option: boolean) => setPending((p) => (p ? { ...p, option } : p)), []);

  const confirm = useCallback(() => {
    if (pending) void execute(pending);
    setPending(null);
  }, [pending, execute]);

  const cancel = useCallback(() => setPending(null), []);

  /** A dialog closing with `{ reload: true }` (it saved something) reloads the list. */
  const closeDialog = useCallback(
    (result?: unknown) => {
      setDialog(null);
      if ((result as { reload?: boolean } | undefined)?.reload) afterChange();
    },
    [afterChange],
  );

  /** The picker closed: the picked users, if any, are what the waiting action is made with. */
  const closePick = useCallback(
    (result?: unknown) => {
      const users = (result as UserSelectResult | undefined)?.users ?? [];
      if (picking && users.length > 0) void execute({ action: picking.action, ids: users.map((u) => u.id) });
      setPicking(null);
    },
    [picking, execute],
  );

  return { run, pending, running, confirm, cancel, setOption, dialog, closeDialog, picking, closePick };
}
