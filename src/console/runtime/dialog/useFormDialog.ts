// The controller of a catalogue form screen drawn in a dialog (FormDialog): the record comes from the
// opener (a list row, or {} for a new one); Save closes, Save-and-new resets to the schema defaults and
// stays open; messages are said inside the dialog. The form's field `fills` apply as on a form screen,
// and `adjust` lets the opener add transitions of its own; stale dependent choices are cleared here for
// every form.
import { useCatalogue } from '../catalogue-context.ts';
import type { ErrorSchema } from '@rjsf/utils';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/ApiError.ts';
import { callAny } from '../../api/client.ts';
import { notifySuccess } from '../../shell/notify.ts';
import { withSchemaDefaults } from '../../../core/form-rules.ts';
import { encodeWireFields, passwordFields } from '../../../core/wire-fields.ts';
import { errorSchemaOf } from '../form/field-errors.ts';
import { applyFills } from '../form/field-fills.ts';
import { buildFormLayout } from '../form/form-layout.ts';
import { formRulesValidator } from '../form/form-rules-validator.ts';
import { withoutStaleChoices } from '../form/stale-choices.ts';
import { presetValues, useFieldChoices, withChoices } from '../form/useFieldChoices.ts';
import { formSaveCall, maySaveForm } from '../../session/reach.ts';
import { ruleContext } from '../rule-context.ts';
import type { FormScreenDef, Row } from '../screen-types.ts';
import { splitQueryFields } from './query-fields.ts';
import { submitRefusal } from './submit-reply.ts';
import { withRecordSchema } from './record-schema.ts';
import { updateArgs } from './update-args.ts';
import { useDialogMessage } from './useDialogMessage.ts';

export interface FormDialogOptions {
  /** The record's id field (the update call's {id}); a record with it is updated, else created. */
  idField: string;
  /** Fields every new record starts with (e.g. the enterprise it belongs to). */
  fixed?: Row;
  /** A transition: the data after a change, given the data before it. */
  adjust?: (before: Row, after: Row) => Row;
  /** Path parameters of the create and update calls beyond the record id (the enterprise of
   *  /domain/{id}/department); they win over the id when the names meet (/domain/{id}/user), and
   *  the id then travels in the body (update-args.ts). */
  params?: Record<string, string>;
  /** The update call's path parameter taking the record id; `id` unless named. */
  idParam?: string;
  /** The form's `load` call's path parameter taking the record id (RecordFormDialog); `id` unless named. */
  loadParam?: string;
  /** The form's `load` call's query name taking the record id instead (a form's `keyArg: query.<name>`). */
  loadQuery?: string;
}

export function useFormDialog(screen: FormScreenDef, record: Row, options: FormDialogOptions) {
  const { t, i18n } = useTranslation();
  const fresh = useCallback(() => ({ ...options.fixed }), [options.fixed]);
  const [formData, setFormData] = useState<Row>(() => ({ ...record }));
  const [serverErrors, setServerErrors] = useState<ErrorSchema | undefined>();
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [generation, setGeneration] = useState(0);
  // The record being edited: from the opener, until Save and new starts a new one. Kept here because
  // RJSF hands back only the properties the form shows.
  const [recordId, setRecordId] = useState<unknown>(record[options.idField]);
  const messages = useDialogMessage();
  const catalogue = useCatalogue();
  const entity = catalogue.entities[screen.entity];
  const language = i18n.language;
  const editing = recordId !== undefined && recordId !== null && recordId !== '';

  const layout = useMemo(
    () =>
      withRecordSchema(
        buildFormLayout(
          screen,
          catalogue,
          (k) => t(k, { lng: language }),
          ruleContext({ form: withSchemaDefaults(entity?.schema, formData) }),
        ),
        screen.schemaFrom,
        record,
      ),
    [screen, catalogue, entity, formData, t, language, record],
  );
  // The save call's answer, for the opener's `savedQuery` (the instance a start made).
  const lastReply = useRef<unknown>(undefined);
  const choices = useFieldChoices(layout.optionFields, withSchemaDefaults(entity?.schema, formData));
  const uiSchema = useMemo(() => withChoices(layout.uiSchema, choices), [layout.uiSchema, choices]);
  // A new record starts on its fields' preset choices (the enterprise's default calendar) once loaded.
  const shownData = useMemo(
    () => (editing ? formData : (presetValues(formData, choices) ?? formData)),
    [editing, formData, choices],
  );
  const customValidate = useMemo(
    () =>
      formRulesValidator(
        entity,
        layout.shownFields,
        (k) => t(k, { lng: language }),
        () => ruleContext().user,
      ),
    [entity, layout.shownFields, t, language],
  );

  const change = useCallback(
    (data: Row) => {
      setFormData((before) => {
        const full = (r: Row) => withSchemaDefaults(entity?.schema, r);
        // The form's own `fills` apply as on a form screen, then the opener's transition.
        const filled = applyFills(screen.fields, full(before), full(data), (form) => ruleContext({ form }));
        const adjusted = options.adjust ? options.adjust(full(before), filled) : filled;
        return withoutStaleChoices(layout.optionFields, full(before), adjusted, ruleContext().user);
      });
      setServerErrors(undefined);
    },
    [entity, options, layout.optionFields, screen.fields],
  );

  /** Saves; `andNew` then starts a new record instead of closing. Answers whether it saved. */
  const save = useCallback(
    async (data: Row, andNew: boolean): Promise<boolean> => {
      const id = editing ? String(recordId) : undefined;
      const callId = formSaveCall(screen, Boolean(id));
      if (!callId) return false;
      // Fields the form does not show go back as the opener gave them (edit) or as fixed (new).
      const body = { ...withSchemaDefaults(entity?.schema, { ...(editing ? record : options.fixed), ...data }) };
      for (const field of layout.readOnlyFields) delete body[field];
      // The schema the record brought is the form's, not the record's (record-schema.ts).
      if (screen.schemaFrom) delete body[screen.schemaFrom.from];
      for (const field of screen.local ?? []) delete body[field];
      const target = id
        ? updateArgs(catalogue.calls[callId]?.path ?? '', options.idParam ?? 'id', id, options.params)
        : { params: { ...options.params }, idInBody: false };
      if (target.idInBody) body[options.idField] = id;
      // Password fields travel encoded, as from a form screen (core/wire-fields.ts).
      Object.assign(body, encodeWireFields(body, passwordFields(entity?.schema)));
      setSaving(true);
      messages.clear();
      try {
        const route = catalogue.calls[callId];
        const split = splitQueryFields(callId, body, route?.path, target.params);
        const reply = (lastReply.current = await callAny(callId, {
          params: { ...target.params, ...split.params },
          query: split.query,
          // A GET that sends (a test SMS) takes its fields in its path and query only.
          body: route?.method === 'GET' ? undefined : split.body,
          silent: true,
        }));
        const refusal = screen.submit && submitRefusal(screen.submit, reply);
        if (refusal) {
          messages.show('error', refusal.text ?? t(refusal.label));
          return false;
        }
        if (screen.submit?.done && !andNew) notifySuccess(t(screen.submit.done));
        if (andNew) {
          setRecordId(undefined);
          setFormData(fresh());
          setSubmitted(false);
          setGeneration((g) => g + 1);
          messages.show('success', t('msg.saveSuccess'));
        }
        return true;
      } catch (e) {
        // A failure about fields is said under them, once; any other in the dialog's message line.
        if (e instanceof ApiError && e.fieldErrors.length > 0) setServerErrors(errorSchemaOf(e.fieldErrors));
        else messages.showFailure(e);
        return false;
      } finally {
        setSaving(false);
      }
    },
    [
      editing,
      recordId,
      record,
      options.fixed,
      options.idField,
      options.idParam,
      options.params,
      catalogue.calls,
      screen,
      entity,
      layout.readOnlyFields,
      messages,
      fresh,
      t,
    ],
  );

  return {
    layout: { ...layout, uiSchema },
    formData: shownData,
    editing,
    customValidate,
    serverErrors,
    saving,
    /** The form can make new records (Save and new has a meaning): not one whose schema came with
     *  the record it opened on, which a new record would not have. */
    creates: screen.create !== undefined && !screen.schemaFrom,
    /** The last save's answer. */
    lastReply: () => lastReply.current,
    /** The caller may not make the save call: fields locked, no Save. */
    readOnly: !maySaveForm(screen, editing),
    messages,
    /** Changes when the form starts over (Save and new), so the form remounts with no old state. */
    generation,
    liveValidate: submitted,
    markSubmitted: () => setSubmitted(true),
    change,
    save,
  };
}
