// The form controller: create when the screen's key query parameter is absent, else load the record;
// a screen without `key` edits the one record that always exists (load, update, stay on the page).
// Loads field choices, checks the entity's form rules, saves through create/update (wire-encoding
// password fields), puts server validation errors on their fields. With tabs it draws the current
// tab's part (a group property's fields) and saves the whole record, checking every shown tab first
// (tab-errors.ts): a tab holding an error is marked, and Save opens it instead of calling the server.
// FormScreen remounts it per record key, so its state never mixes two records.
import type { ErrorSchema } from '@rjsf/utils';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/ApiError.ts';
import { callAny } from '../../api/client.ts';
import { callKey, queryClient, useCallAny } from '../../api/queries.ts';
import { getBoot } from '../../shell/boot.ts';
import { notifySuccess } from '../../shell/notify.ts';
import { formSaveCall, maySaveForm } from '../../session/reach.ts';
import { label } from '../../shell/LabelText.tsx';
import { ruleContext } from '../rule-context.ts';
import type { FormScreenDef, Row } from '../screen-types.ts';
import type { FormTab } from '../../../core/catalogue/types.ts';
import { tabEntity } from '../../../core/catalogue/form-tabs.ts';
import { withSchemaDefaults } from '../../../core/form-rules.ts';
import { encodeWireFields, passwordFields } from '../../../core/wire-fields.ts';
import { errorSchemaOf } from './field-errors.ts';
import { applyFills } from './field-fills.ts';
import { buildFormLayout } from './form-layout.ts';
import { formRulesValidator } from './form-rules-validator.ts';
import { tabsWithErrors, tabsWithServerErrors } from './tab-errors.ts';
import { prunedValues, useFieldChoices, withChoices } from './useFieldChoices.ts';
import { useFormTabs } from './useFormTabs.ts';

/** The record key as the load and update calls take it (`keyArg`: a path parameter or `query.<name>`). */
export function recordArgs(keyArg = 'id', recordKey: string | null) {
  if (!recordKey) return { params: {} as Record<string, string> };
  const name = keyArg.replace(/^query\./, '');
  return name === keyArg ? { params: { [name]: recordKey } } : { params: {}, query: { [name]: recordKey } };
}

export function useFormController(screen: FormScreenDef, recordKey: string | null) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const singleton = screen.key === undefined;
  const loads = Boolean(screen.load && (singleton || recordKey));
  const [edits, setEdits] = useState<Row | null>(null);
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<ErrorSchema | undefined>();
  const [submitted, setSubmitted] = useState(false);

  const loadArgs = useMemo(() => recordArgs(screen.keyArg, recordKey), [screen.keyArg, recordKey]);
  const read = useCallAny<Row>(screen.load ?? '', loadArgs, { enabled: loads });
  // What was read since the screen opened (never a copy kept from an earlier visit).
  const fresh = read.isFetchedAfterMount;
  const record = useMemo(() => (fresh ? (read.data ?? {}) : {}), [fresh, read.data]);
  const fullData = edits ?? record;
  const state = !loads ? 'ready' : !fresh ? 'loading' : read.isError && !read.data ? 'failed' : 'ready';

  // The tabs the rules show over the record; the current one's fields (of its group) are drawn,
  // rules still read the whole record.
  const tabs = useFormTabs(screen.tabs, fullData, state === 'ready');
  const tab: FormTab | undefined = tabs.current?.fields ? tabs.current : undefined;
  const { catalogue } = getBoot();
  const group = tab?.group;
  const partEntityId = tab ? (tabEntity(catalogue.entities, screen.entity, tab) ?? screen.entity) : screen.entity;
  const entity = catalogue.entities[screen.entity];
  const partEntity = catalogue.entities[partEntityId];
  const partData = useMemo(() => (group ? ((fullData[group] as Row | undefined) ?? {}) : fullData), [group, fullData]);

  // Rules may read the form, so visibility follows what the user types; labels follow the language.
  // Fields left out read as their schema default, exactly as the server's rules read them.
  const language = i18n.language;
  const layout = useMemo(
    () =>
      buildFormLayout(
        { id: screen.id, entity: partEntityId, fields: tab ? tab.fields : screen.fields },
        catalogue,
        (k) => t(k, { lng: language }),
        ruleContext({ form: withSchemaDefaults(entity?.schema, fullData) }),
      ),
    [screen, tab, partEntityId, catalogue, entity, fullData, t, language],
  );
  const choices = useFieldChoices(layout.optionFields, partData);
  const uiSchema = useMemo(() => withChoices(layout.uiSchema, choices), [layout.uiSchema, choices]);
  const customValidate = useMemo(
    () =>
      formRulesValidator(
        partEntity,
        layout.shownFields,
        (k) => t(k, { lng: language }),
        () => ruleContext().user,
      ),
    [partEntity, layout.shownFields, t, language],
  );

  // A choice that disappears with its parent (a department when the domain changes) leaves the form.
  const shownData = useMemo(() => prunedValues(partData, choices) ?? partData, [partData, choices]);

  const partFields = tab ? tab.fields : screen.fields;
  const change = useCallback(
    (changed: Row) => {
      const whole = (part: Row) => (group ? { ...fullData, [group]: part } : part);
      const data = applyFills(partFields, partData, changed, (part) => ruleContext({ form: whole(part) }));
      setEdits(whole(data));
      setServerErrors(undefined);
    },
    [group, fullData, partData, partFields],
  );

  // The shown tabs whose fields break a rule over the record (a tab-less form: RJSF checked it all).
  const shownTabs = tabs.shown;
  const invalidTabs = useCallback(
    (data: Row) =>
      shownTabs.length > 0
        ? tabsWithErrors(
            screen,
            shownTabs,
            data,
            catalogue,
            ruleContext({ form: withSchemaDefaults(entity?.schema, data) }),
          )
        : [],
    [screen, shownTabs, catalogue, entity],
  );

  const save = useCallback(
    async (data: Row) => {
      const callId = formSaveCall(screen, Boolean(recordKey) || singleton);
      if (!callId) return;
      // RJSF checked the tab on screen; a rule broken on another one opens that tab, calling nothing.
      const invalid = invalidTabs(group ? { ...fullData, [group]: data } : data);
      if (invalid.length > 0) {
        setSubmitted(true);
        if (!invalid.includes(tabs.current?.id ?? '')) tabs.select(invalid[0]);
        return;
      }
      // Fields this screen does not show are sent back as loaded, so saving never erases them.
      const merged: Row = group ? { ...record, ...fullData, [group]: data } : { ...record, ...data };
      for (const field of layout.readOnlyFields.concat(
        Object.keys(entity?.schema.properties ?? {}).filter((n) => isReadOnly(entity?.schema, n)),
        screen.local ?? [],
      ))
        delete merged[field];
      const body = encodeWireFields(merged, passwordFields(entity?.schema));
      setSaving(true);
      try {
        const saved = await callAny<Row>(callId, {
          ...loadArgs,
          body,
          fieldErrorsShown: true,
        });
        notifySuccess(label('msg.saveSuccess'));
        if (!singleton && !screen.stay) return navigate(screen.back);
        // Shown at once; the reading again that every change starts (api/queries.ts) follows.
        if (screen.load) queryClient.setQueryData(callKey(screen.load, loadArgs), saved ?? merged);
        setEdits(null);
      } catch (e) {
        if (e instanceof ApiError && e.fieldErrors.length > 0) setServerErrors(errorSchemaOf(e.fieldErrors));
      } finally {
        setSaving(false);
      }
    },
    [
      recordKey,
      singleton,
      group,
      screen,
      record,
      fullData,
      layout.readOnlyFields,
      entity,
      navigate,
      invalidTabs,
      tabs,
      loadArgs,
    ],
  );

  // Server errors name the whole record's paths; a group tab shows those of its group.
  const partErrors =
    group && serverErrors
      ? ((serverErrors as Record<string, ErrorSchema | undefined>)[group] ?? undefined)
      : serverErrors;

  // Tabs to mark: once Save was tried, those breaking a rule as the user types; and any the server refused.
  const markedTabs = useMemo(
    () => new Set([...(submitted ? invalidTabs(fullData) : []), ...tabsWithServerErrors(shownTabs, serverErrors)]),
    [submitted, invalidTabs, fullData, shownTabs, serverErrors],
  );

  return {
    state,
    tabs,
    markedTabs,
    layout: { ...layout, uiSchema },
    customValidate,
    formData: shownData,
    /** The whole record as edited (actions and dialogs receive it). */
    record: fullData,
    /** The record as last loaded or saved (what names it, unchanged while the user types). */
    saved: record,
    serverErrors: partErrors,
    saving,
    /** The caller may not make the save call: fields locked, no Save. */
    readOnly: !maySaveForm(screen, Boolean(recordKey) || singleton),
    // After a first refused submit, errors follow the user's typing.
    liveValidate: submitted,
    markSubmitted: () => setSubmitted(true),
    change,
    save,
    /** The user changed something not yet saved (Exit and Refresh ask before dropping it). */
    dirty: edits !== null && !sameRecord(edits, record),
    reload: () => {
      setEdits(null);
      void read.refetch();
    },
    exit: () => navigate(screen.back),
  };
}

/** Same content whatever the key order (RJSF rebuilds objects as it fills defaults). */
function sameRecord(a: unknown, b: unknown): boolean {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([, v]) => v !== undefined)
              .sort(([x], [y]) => x.localeCompare(y))
              .map(([k, v]) => [k, canonical(v)]),
          )
        : value;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function isReadOnly(schema: Row | undefined, name: string): boolean {
  const prop = (schema?.properties as Record<string, Row> | undefined)?.[name];
  return prop?.readOnly === true;
}
