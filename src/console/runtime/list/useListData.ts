// Reads one page of the list's source call whenever the search, the view or the paging changes (and
// again after any change, api/queries.ts); keeps the last answer (`reply`) because action rules read
// it, and shows it while the next loads. A source that takes no `currpage` answers every row at once (an
// array, or a page object): the list asks for it once and the table pages it in the browser
// (docs/adr/0134-runtime-owns-entries-lists-and-forms.md). A source answering an object names the field
// holding the rows (`rows`: the open tasks of runtime.tasks, docs/adr/0157-task-runtime-in-yaml.md).
import { useCallback } from 'react';
import { useCallAny } from '../../api/queries.ts';
import { getBoot } from '../../shell/boot.ts';
import type { ResolvedArgs } from '../call-args.ts';
import type { Row } from '../screen-types.ts';

export interface ListReply {
  datas: Row[];
  rowCount: number;
  [flag: string]: unknown;
}

/** The paging parameters of a source call: the spec's `currpage`/`pagelines` unless the screen names others. */
export interface PagingNames {
  page: string;
  size: string;
}
const CURRPAGE: PagingNames = { page: 'currpage', size: 'pagelines' };

export interface PageRequest {
  currpage: number;
  pagelines: number;
}

const NO_ARGS: ResolvedArgs = { params: {}, query: {}, body: {}, missing: [] };

/** `args`: the route context of the source call (keep its identity stable: see useRouteArgs); while a
 *  value is missing nothing is asked. */
export function useListData(
  source: string,
  search: Record<string, string>,
  page: PageRequest,
  args: ResolvedArgs = NO_ARGS,
  names?: PagingNames,
  rowsField?: string,
  exactTotal = false,
) {
  const { currpage, pagelines } = page;
  const { params, query, body, missing } = args;
  const waiting = missing.length > 0;
  // POST lists (the spec's) take the search as their body; GET lists take it in the query.
  const call = getBoot().catalogue.calls[source];
  // GET lists, and POST lists whose query declares the search fields (the timed tasks' searchword),
  // take the search in the query; the spec's other POST lists take it as their body.
  const viaQuery =
    call?.method === 'GET' ||
    (Object.keys(search).length > 0 && Object.keys(search).every((f) => call?.queryNames?.includes(f)));
  const paged = names !== undefined || isPaged(source);
  const { page: pageName, size: sizeName } = names ?? CURRPAGE;
  // The exact total asked for, where the source can estimate one (docs/adr/0173-estimated-totals-above-a-bound.md).
  const exact = exactTotal && call?.queryNames?.includes('exactTotal') ? { exactTotal: true } : {};
  const paging = paged ? { [pageName]: currpage, [sizeName]: pagelines, ...exact } : {};
  const request = viaQuery
    ? { params, query: { ...search, ...query, ...paging } }
    : { params, query: { ...query, ...paging }, body: { ...search, ...body } };
  const select = useCallback((reply: ListReply) => complete(reply, rowsField), [rowsField]);
  const read = useCallAny<ListReply>(source, request, { enabled: !waiting, keepPrevious: true, select });
  const { refetch } = read;
  const reload = useCallback(() => void refetch(), [refetch]);
  const reply = waiting ? null : (read.data ?? null); // a failed reading keeps the last answer (the client showed errmsg)
  return {
    reply,
    rows: reply?.datas ?? [],
    rowCount: reply?.rowCount ?? 0,
    /** rowCount is the server's estimate of a large total, not a count. */
    totalEstimated: reply?.totalEstimated === true,
    loading: !waiting && read.isFetching,
    failed: read.isError,
    paged,
    reload,
  };
}

/** A source call pages when it takes `currpage` (the spec's lists); else it answers every row. */
export function isPaged(source: string): boolean {
  return getBoot().catalogue.calls[source]?.queryNames?.includes('currpage') ?? false;
}

function complete(reply: ListReply, rowsField?: string): ListReply {
  if (rowsField) {
    const rows = (reply as Record<string, unknown> | null)?.[rowsField];
    const datas = Array.isArray(rows) ? (rows as Row[]) : [];
    return { ...reply, datas, rowCount: datas.length };
  }
  const answer = reply as ListReply | Row[]; // an unpaged source may answer the rows themselves
  if (Array.isArray(answer)) return { datas: answer, rowCount: answer.length };
  return { ...answer, datas: answer?.datas ?? [], rowCount: answer?.rowCount ?? answer?.datas?.length ?? 0 };
}
