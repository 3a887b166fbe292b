// The form controller: create when the screen's key query parameter is absent, else load the record;
// loads field choices, checks the entity's form rules, saves through create/update (wire-encoding
// password fields), puts server validation errors on their fields, then goes back.
// FormScreen remounts it per record key, so its state never mixes two records.
import type { ErrorSchema } from '@rjsf/utils';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/ApiError.ts';
import { callAny } from '../../api/client.ts';
import { getBoot } from '../../shell/boot.ts';
import { notifySuccess } from '../../shell/notify.ts';
import { ruleContext } from '../rule-context.ts';
import type { FormScreenDef, Row } from '../screen-types.ts';
import { withSchemaDefaults } from '../../../core/form-rules.ts';
import { encodeWireFields, passwordFields } from '../../../core/wire-fields.ts';
import { errorSchemaOf } from './field-errors.ts';
import { buildFormLayout } from './form-layout.ts';
import { formRulesValidator } from './form-rules-validator.ts';
import { prunedValues, useFieldChoices, withChoices } from './useFieldChoices.ts';

type Loaded = { record: Row; failed: false } | { record: null; failed: true };

export function useFormController(screen: FormScreenDef, recordKey: string | null) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const loads = Boolean(recordKey && screen.load);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [edits, setEdits] = useState<Row | null>(null);
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<ErrorSchema | undefined>();
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    if (!recordKey || !screen.load) return;
    let current = true;
    callAny<Row>(screen.load, { params: { id: recordKey } }).then(
      (record) => current && setLoaded({ record: record ?? {}, failed: false }),
      () => current && setLoaded({ record: null, failed: true }), // the client showed errmsg
    );
    return () => {
      current = false;
    };
  }, [recordKey, screen.load]);

  const record = useMemo(() => loaded?.record ?? {}, [loaded]);
  const formData = edits ?? record;
  const state = !loads ? 'ready' : !loaded ? 'loading' : loaded.failed ? 'failed' : 'ready';

  // Rules may read the form, so visibility follows what the user types; labels follow the language.
  // Fields left out read as their schema default, exactly as the server's rules read them.
  const language = i18n.language;
  const entity = getBoot().catalogue.entities[screen.entity];
  const layout = useMemo(
    () => buildFormLayout(screen, getBoot().catalogue, (k) => t(k, { lng: language }), ruleContext({ form: withSchemaDefaults(entity?.schema, formData) })),
    [screen, entity, formData, t, language],
  );
  const choices = useFieldChoices(layout.optionFields, formData);
  const uiSchema = useMemo(() => withChoices(layout.uiSchema, choices), [layout.uiSchema, choices]);
  const customValidate = useMemo(
    () => formRulesValidator(entity, layout.shownFields, (k) => t(k, { lng: language }), () => ruleContext().user),
    [entity, layout.shownFields, t, language],
  );

  // A choice that disappears with its parent (a department when the domain changes) leaves the form.
  const shownData = useMemo(() => prunedValues(formData, choices) ?? formData, [formData, choices]);

  const change = useCallback((data: Row) => {
    setEdits(data);
    setServerErrors(undefined);
  }, []);

  const save = useCallback(
    async (data: Row) => {
      const callId = recordKey ? screen.update : screen.create;
      if (!callId) return;
      // Fields this screen does not show are sent back as loaded, so saving never erases them.
      const merged: Row = { ...record, ...data };
      for (const field of layout.readOnlyFields) delete merged[field];
      const body = encodeWireFields(merged, passwordFields(entity?.schema));
      setSaving(true);
      try {
        await callAny(callId, { params: recordKey ? { id: recordKey } : {}, body });
        notifySuccess(t('msg.saveSuccess'));
        navigate(screen.back);
      } catch (e) {
        if (e instanceof ApiError && e.fieldErrors.length > 0) setServerErrors(errorSchemaOf(e.fieldErrors));
      } finally {
        setSaving(false);
      }
    },
    [recordKey, screen.update, screen.create, screen.back, record, layout.readOnlyFields, entity, t, navigate],
  );

  return {
    state,
    layout: { ...layout, uiSchema },
    customValidate,
    formData: shownData,
    serverErrors,
    saving,
    // After a first refused submit, errors follow the user's typing.
    liveValidate: submitted,
    markSubmitted: () => setSubmitted(true),
    change,
    save,
    exit: () => navigate(screen.back),
  };
}
