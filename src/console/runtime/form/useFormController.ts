// The form controller: create when the screen's key query parameter is absent, else load the record;
// saves through create/update, puts server validation errors on their fields, then goes back.
import type { ErrorSchema } from '@rjsf/utils';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/ApiError.ts';
import { callAny } from '../../api/client.ts';
import { getBoot } from '../../shell/boot.ts';
import { notifySuccess } from '../../shell/notify.ts';
import { ruleContext } from '../rule-context.ts';
import type { FormScreenDef, Row } from '../screen-types.ts';
import { errorSchemaOf } from './field-errors.ts';
import { buildFormLayout } from './form-layout.ts';

type LoadState = 'loading' | 'ready' | 'failed';

export function useFormController(screen: FormScreenDef) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const key = query.get(screen.key);
  const [record, setRecord] = useState<Row>({});
  const [formData, setFormData] = useState<Row>({});
  const [state, setState] = useState<LoadState>(key && screen.load ? 'loading' : 'ready');
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<ErrorSchema | undefined>();
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    setServerErrors(undefined);
    setSubmitted(false);
    if (!key || !screen.load) {
      setRecord({});
      setFormData({});
      setState('ready');
      return;
    }
    let current = true;
    setState('loading');
    callAny<Row>(screen.load, { params: { id: key } }).then(
      (loaded) => current && (setRecord(loaded ?? {}), setFormData(loaded ?? {}), setState('ready')),
      () => current && setState('failed'), // the client showed errmsg
    );
    return () => {
      current = false;
    };
  }, [key, screen.load]);

  // Rules may read the form, so visibility follows what the user types; labels follow the language.
  const layout = useMemo(
    () => buildFormLayout(screen, getBoot().catalogue, (k) => t(k), ruleContext({ form: formData })),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [screen, formData, t, i18n.language],
  );

  const change = useCallback((data: Row) => {
    setFormData(data);
    setServerErrors(undefined);
  }, []);

  const save = useCallback(
    async (data: Row) => {
      const callId = key ? screen.update : screen.create;
      if (!callId) return;
      // Fields this screen does not show are sent back as loaded, so saving never erases them.
      const body: Row = { ...record, ...data };
      for (const field of layout.readOnlyFields) delete body[field];
      setSaving(true);
      try {
        await callAny(callId, { params: key ? { id: key } : {}, body });
        notifySuccess(t('msg.saveSuccess'));
        navigate(screen.back);
      } catch (e) {
        if (e instanceof ApiError && e.fieldErrors.length > 0) setServerErrors(errorSchemaOf(e.fieldErrors));
      } finally {
        setSaving(false);
      }
    },
    [key, screen.update, screen.create, screen.back, record, layout.readOnlyFields, t, navigate],
  );

  return {
    mode: key ? ('edit' as const) : ('create' as const),
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
