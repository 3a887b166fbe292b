// Runs a form's catalogue actions over the current form data: `to` navigates (query from form
// fields), `call` runs the call (after the confirmation when it has one), `dialog` opens the
// registered dialog with the form's data, `import` its import screen in a dialog
// (docs/adr/0151-small-dialog-patterns.md), `form` another form screen in a dialog on a new record
// (docs/adr/0155-record-views-and-command-forms.md), `download` saves a GET call's answer as a file.
// Visibility rules read the form as it is being edited.
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ActionDef } from '../../../core/catalogue/types.ts';
import { evaluateRule } from '../../../core/rules.ts';
import { callAny, callUrl } from '../../api/client.ts';
import { getBoot } from '../../shell/boot.ts';
import { mayRunAction } from '../../session/reach.ts';
import { downloadFrom } from '../download.ts';
import { notifyError, notifySuccess } from '../../shell/notify.ts';
import { label } from '../../shell/LabelText.tsx';
import { rowLink } from '../list/useListController.ts';
import { ruleContext } from '../rule-context.ts';
import type { Row } from '../screen-types.ts';
import { formActionRequest } from './form-action-request.ts';

export function useFormActions(actions: ActionDef[] | undefined, formData: Row, tab?: string, onReload?: () => void) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<ActionDef | null>(null);
  const [confirming, setConfirming] = useState<ActionDef | null>(null);
  const [running, setRunning] = useState<string | null>(null);

  const visible = useMemo(
    () =>
      (actions ?? []).filter(
        (a) =>
          (!a.tabs || (tab !== undefined && a.tabs.includes(tab))) &&
          evaluateRule(a.visible, ruleContext({ form: formData })) &&
          mayRunAction(a),
      ),
    [actions, formData, tab],
  );

  const execute = useCallback(
    async (action: ActionDef) => {
      const route = getBoot().catalogue.calls[action.call!];
      if (!route) throw new Error(`form action "${action.id}" names the unknown call "${action.call}"`);
      setRunning(action.id);
      try {
        const answer = await callAny<{ success?: unknown; message?: unknown } | null>(
          action.call!,
          formActionRequest(action, route, formData),
        );
        // A call answering a result of its own ({ success?, message }: push users, test connection) is
        // reported in its words; success false is an error the service or directory gave.
        if (typeof answer?.message === 'string' && answer.message)
          (answer.success === false ? notifyError : notifySuccess)(answer.message);
        else notifySuccess(label(route.method === 'DELETE' ? 'msg.deleteSuccess' : 'msg.saveSuccess'));
        if (action.reload) onReload?.();
      } catch {
        /* the client showed errmsg */
      } finally {
        setRunning(null);
      }
    },
    [formData, onReload],
  );

  const run = useCallback(
    (action: ActionDef) => {
      if (action.to) navigate(rowLink(action.to, action.query, formData));
      else if (action.dialog || action.import || action.form) setDialog(action);
      else if (action.download) downloadFrom(callUrl(action.download));
      else if (action.confirm) setConfirming(action);
      else void execute(action);
    },
    [navigate, formData, execute],
  );

  return {
    visible,
    run,
    running,
    dialog,
    closeDialog: () => setDialog(null),
    confirming,
    confirm: () => {
      if (confirming) void execute(confirming);
      setConfirming(null);
    },
    cancelConfirm: () => setConfirming(null),
  };
}
