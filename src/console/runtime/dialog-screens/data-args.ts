// A dialog screen's call arguments (docs/adr/0154-dialog-screen-kinds.md): each call part's fields
// taken from the data the opener handed over (the row and the action's args.body), as route context
// takes them from the URL (call-args.ts). A search the spec made a POST (effects: false) sends an empty
// body when none is named; any other call sends one only when fields are named.
import type { ConsoleCatalogue, DialogCall } from '../../../core/catalogue/types.ts';
import type { CallArgs } from '../../api/client.ts';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

function part(map: Record<string, string> | undefined, data: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(map ?? {}).map(([name, field]) => [name, text(data[field])]));
}

export function dataArgs(
  target: DialogCall,
  data: Record<string, unknown>,
  calls: ConsoleCatalogue['calls'],
): CallArgs & { body?: unknown } {
  const call = calls[target.call];
  const search = call?.method === 'POST' && call.effects === false;
  const body = part(target.args?.body, data);
  return {
    params: part(target.args?.params, data),
    query: part(target.args?.query, data),
    ...(search || Object.keys(body).length ? { body } : {}),
  };
}

/** The variables every label of a dialog screen interpolates: the data's own scalar fields, then
 *  `values` (label variable → data field). */
export function labelValues(values: Record<string, string> | undefined, data: Record<string, unknown>) {
  const own = Object.entries(data).filter(([, v]) => ['string', 'number', 'boolean'].includes(typeof v));
  const named = Object.entries(values ?? {}).map(([name, field]) => [name, text(data[field])]);
  return Object.fromEntries([...own, ...named]) as Record<string, unknown>;
}
