// The form controller: create when the screen's key query parameter is absent, else load the record;
// saves through create/update, puts server validation errors on their fields, then goes back.
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
import { errorSchemaOf } from './field-errors.ts';
import { buildFormLayout } from './form-layout.ts';

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
  const language = i18n.language;
  const layout = useMemo(
    () => buildFormLayout(screen, getBoot().catalogue, (k) => t(k, { lng: language }), ruleContext({ form: formData })),
    [screen, formData, t, language],
  );

  const change = useCallback((data: Row) => {
    setEdits(data);
    setServerErrors(undefined);
  }, []);

  const save = useCallback(
    async (data: Row) => {
      const callId = recordKey ? screen.update : screen.create;
      if (!callId) return;
      // Fields this screen does not show are sent back as loaded, so saving never erases them.
      const body: Row = { ...record, ...data };
      for (const field of layout.readOnlyFields) delete body[field];
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
    [recordKey, screen.update, screen.create, screen.back, record, layout.readOnlyFields, t, navigate],
  );

  return {
    state,
    layout,
    formData,
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
