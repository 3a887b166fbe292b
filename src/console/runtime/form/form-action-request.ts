// A form action that runs a call, as a request: each `query` entry (name → form field) fills the path
// parameter of that name, or else the query string; a call that is not a GET sends the form's data.
import type { ActionDef } from '../../../core/catalogue/types.ts';
import { pathParams } from '../../../core/catalogue/openapi.ts';
import type { CallArgs } from '../../api/client.ts';
import type { Row } from '../screen-types.ts';

export function formActionRequest(action: ActionDef, route: { method: string; path: string }, form: Row): CallArgs {
  const inPath = new Set(pathParams(route.path));
  const params: Record<string, string> = {};
  const query: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(action.query ?? {})) {
    const value = form[field];
    if (value === undefined || value === null) continue;
    if (inPath.has(name)) params[name] = String(value);
    else query[name] = value;
  }
  return { params, query, body: route.method === 'GET' ? undefined : form };
}
