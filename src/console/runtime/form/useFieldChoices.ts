// Loads the choices of the form's `x-options` fields through the data layer: each source's query is
// evaluated over the form (e.g. the departments of the chosen domain), each distinct call + query is
// one read, and a field whose query still lacks a value has no choices yet.
import type { UiSchema } from '@rjsf/utils';
import { useMemo } from 'react';
import { ruleValue } from '../../../core/rules.ts';
import { useSettledCalls } from '../../api/queries.ts';
import { ruleContext } from '../rule-context.ts';
import type { Row } from '../screen-types.ts';
import type { FormLayout } from './form-layout.ts';
import { hasValue } from '../has-value.ts';

export interface Choice {
  value: string;
  label: string;
  /** The choice a new record's empty field takes (x-options `preset`). */
  preset?: boolean;
}

export interface FieldChoices {
  choices: Choice[];
  loading: boolean;
  /** True when the choices depend on other fields (they are pruned when those change). */
  dependent: boolean;
}

interface Request {
  field: string;
  key: string | null;
  call: string;
  query: Record<string, unknown>;
  params: Record<string, unknown>;
  value: string;
  label: string;
  preset?: string;
  dependent: boolean;
}

function requestsOf(fields: FormLayout['optionFields'], form: Row): Request[] {
  const context = ruleContext({ form });
  return fields.map(({ field, source }) => {
    const evaluate = (rules: Record<string, string> | undefined) =>
      Object.fromEntries(Object.entries(rules ?? {}).map(([name, rule]) => [name, ruleValue(rule, context)]));
    const query = evaluate(source.query);
    const params = evaluate(source.params);
    const ready = [...Object.values(query), ...Object.values(params)].every(hasValue);
    const key = ready ? JSON.stringify([source.call, query, params]) : null;
    return {
      field,
      key,
      call: source.call,
      query,
      params,
      value: source.value,
      label: source.label,
      preset: source.preset,
      dependent: source.query !== undefined || source.params !== undefined,
    };
  });
}

function choicesOf(request: Request, rows: Array<Row | string> | null): Choice[] {
  // A call may answer plain strings (getunusefields: field names); each is its own value and label.
  return (rows ?? []).map((row) =>
    typeof row === 'object' && row !== null
      ? {
          value: String(row[request.value]),
          label: String(row[request.label] ?? row[request.value]),
          ...(request.preset && row[request.preset] === true ? { preset: true } : {}),
        }
      : { value: String(row), label: String(row) },
  );
}

export function useFieldChoices(fields: FormLayout['optionFields'], form: Row): Record<string, FieldChoices> {
  const requests = useMemo(() => requestsOf(fields, form), [fields, form]);
  // One read per distinct call + query.
  const keys = useMemo(() => [...new Set(requests.flatMap((r) => (r.key === null ? [] : [r.key])))], [requests]);
  const answers = useSettledCalls<Array<Row | string>>(
    keys.map((key) => {
      const r = requests.find((q) => q.key === key)!;
      return { callId: r.call, args: { query: r.query, params: r.params as Record<string, string> } };
    }),
  );
  return useMemo(
    () =>
      Object.fromEntries(
        requests.map((r) => {
          // A failed read has no choices (the client showed errmsg).
          const answer = r.key === null ? undefined : answers[keys.indexOf(r.key)];
          return [
            r.field,
            {
              choices: answer === undefined ? [] : choicesOf(r, answer),
              loading: r.key !== null && answer === undefined,
              dependent: r.dependent,
            },
          ];
        }),
      ),
    [requests, answers, keys],
  );
}

/** A dependent field keeps only values among its current choices (a department of the old domain goes). */
export function prunedValues(form: Row, choices: Record<string, FieldChoices>): Row | null {
  let changed: Row | null = null;
  for (const [field, state] of Object.entries(choices)) {
    const value = form[field];
    if (!state.dependent || state.loading || !Array.isArray(value)) continue;
    const allowed = new Set(state.choices.map((c) => c.value));
    const kept = value.filter((v) => allowed.has(String(v)));
    if (kept.length !== value.length) changed = { ...(changed ?? form), [field]: kept };
  }
  return changed;
}

/** A new record's empty one-value fields that have a preset choice (x-options `preset`), set to it. */
export function presetValues(form: Row, choices: Record<string, FieldChoices>): Row | null {
  let changed: Row | null = null;
  for (const [field, state] of Object.entries(choices)) {
    const value = form[field];
    const preset = state.choices.find((c) => c.preset);
    if (preset && (value === undefined || value === null || value === ''))
      changed = { ...(changed ?? form), [field]: preset.value };
  }
  return changed;
}

/** The uiSchema with each option field's choices in its ui:options, where its widget reads them. */
export function withChoices(uiSchema: UiSchema, choices: Record<string, FieldChoices>): UiSchema {
  const out: UiSchema = { ...uiSchema };
  for (const [field, state] of Object.entries(choices)) {
    const ui = (out[field] ?? {}) as UiSchema;
    out[field] = {
      ...ui,
      'ui:options': { ...(ui['ui:options'] as object | undefined), choices: state.choices, loading: state.loading },
    };
  }
  return out;
}
