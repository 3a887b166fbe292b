// The operation log's list calls as the API tests make them: one page, and every entry of a filter.
import { expect } from 'vitest';
import type { EntryReply } from '../../../src/server/areas/operation-log/log-queries.ts';
import type { ApiClient } from './api-client.ts';

export interface LogPage {
  datas: EntryReply[];
  rowCount: number;
}

/** A page of the log of `id` (an enterprise, `platform` or `all`). */
export const listLog = (
  client: ApiClient,
  id: string,
  body: Record<string, unknown> = {},
  query: Record<string, number | string> = {},
) => client.call<LogPage>('POST', `/authtime/domain/${id}/loggers`, { body, query });

/** Every entry of the filter (up to 1,000), the call expected to succeed. */
export async function logEntries(
  client: ApiClient,
  id: string,
  body: Record<string, unknown> = {},
): Promise<EntryReply[]> {
  const { reply } = await listLog(client, id, body, { pagelines: 1000 });
  expect(reply.errcode, reply.errmsg).toBe(0);
  return reply.data.datas;
}
