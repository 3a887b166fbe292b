// A save call that takes the record's fields in its query (the spec's timed-task start: PUT
// …/task/start?id=…&period=…&rTime=…): the fields its query declares travel there, empty ones left out
// so an optional field the user cleared is not refused by its pattern; a field naming a path parameter
// the opener left free travels in the path (the test SMS's {phone}); the rest stays the body.
import { pathParams } from '../../../core/catalogue/openapi.ts';
import { getBoot } from '../../shell/boot.ts';
import type { Row } from '../screen-types.ts';

export function splitQueryFields(
  callId: string,
  body: Row,
  path = '',
  given: Record<string, string> = {},
): { params: Record<string, string>; query: Row; body: Row | undefined } {
  const names = getBoot().catalogue.calls[callId]?.queryNames ?? [];
  const inPath = new Set(pathParams(path).filter((name) => !(name in given)));
  const params: Record<string, string> = {};
  const query: Row = {};
  const rest: Row = {};
  for (const [field, value] of Object.entries(body)) {
    if (inPath.has(field)) params[field] = String(value ?? '');
    else if (!names.includes(field)) rest[field] = value;
    else if (value !== '' && value !== null && value !== undefined) query[field] = value;
  }
  // Only a call taking nothing in its query keeps an empty body (a PUT of {}).
  const keepBody = Object.keys(rest).length > 0 || Object.keys(query).length === 0;
  return { params, query, body: keepBody ? rest : undefined };
}
