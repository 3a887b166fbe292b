// What a list hands the dialogs its actions open, worked out from the catalogue: the path parameter a
// form's `load` call (or any call) takes the record in, and what the list calls each selected row.
import type { ConsoleCall } from '../../../core/catalogue/types.ts';
import type { FormScreenDef, ListScreenDef, Row } from '../screen-types.ts';
import { recordName } from './record-name.ts';

/** The one path parameter of a call's path the opener's `params` leave open (`userid` of
 *  /domain/{id}/user/{userid}), where the record key goes; undefined when there is not exactly one. */
export function openParam(
  calls: Record<string, Pick<ConsoleCall, 'path'>>,
  callId: string | undefined,
  params: Record<string, string> = {},
): string | undefined {
  const path = callId ? (calls[callId]?.path ?? '') : '';
  const open = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).filter((name) => !(name in params));
  return open.length === 1 ? open[0] : undefined;
}

/** The path parameter a form's `load` call takes the record in (RecordFormDialog's `id` when undefined). */
export function loadParam(
  calls: Record<string, Pick<ConsoleCall, 'path'>>,
  form: FormScreenDef | undefined,
  params: Record<string, string> = {},
): string | undefined {
  return openParam(calls, form?.load, params);
}

/** Each selected row's name by id (its card title or first column), else its id. */
export function selectedNames(screen: ListScreenDef, data: Row): Record<string, string> {
  const ids = (data.ids as string[] | undefined) ?? [];
  const rows = (data.rows as Array<Row | undefined> | undefined) ?? [];
  return Object.fromEntries(ids.map((id, i) => [id, recordName(screen, rows[i]) ?? id]));
}
