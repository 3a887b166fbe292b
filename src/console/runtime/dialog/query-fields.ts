// A save call that takes the record's fields in its query (the spec's timed-task start: PUT
// …/task/start?id=…&period=…&rTime=…): the fields its query declares travel there, empty ones left out
// so an optional field the user cleared is not refused by its pattern; the rest stays the body.
import { getBoot } from '../../shell/boot.ts';
import type { Row } from '../screen-types.ts';

export function splitQueryFields(callId: string, body: Row): { query: Row; body: Row | undefined } {
  const names = getBoot().catalogue.calls[callId]?.queryNames ?? [];
  const query: Row = {};
  const rest: Row = {};
  for (const [field, value] of Object.entries(body)) {
    if (!names.includes(field)) rest[field] = value;
    else if (value !== '' && value !== null && value !== undefined) query[field] = value;
  }
  // Only a call taking nothing in its query keeps an empty body (a PUT of {}).
  const keepBody = Object.keys(rest).length > 0 || Object.keys(query).length === 0;
  return { query, body: keepBody ? rest : undefined };
}
