// The flow-monitoring list's pages kept between calls (docs/adr/0072-flow-list-pages-kept.md), as the users pages are (docs/adr/0042-pages-kept-until-change.md): a page is
// answered from memory when the same search and page was read, by a caller of the same reach, since
// the last change to what it is read from. Instances are announced by the server after each engine
// unit of work (workflow/instance-writes.ts; this server's own are known before its reply), the rest
// by the statement triggers of migrations 0016 and 0036. Bounded in entries and age.
import type { Language } from '../../../core/catalogue/types.ts';
import type { FlowstatertSearch } from '../../../core/generated/api-types.ts';
import type { Reach } from '../../auth/reach.ts';
import { ChangeCache } from '../../db/change-cache.ts';
import type { TableChanges } from '../../db/table-changes.ts';
import { INSTANCES_TABLE } from '../../workflow/instance-writes.ts';
import { searchKey } from './search-key.ts';

/** A page as flows.list answers it. */
export interface FlowListPage {
  datas: Record<string, unknown>[];
  rowCount: number;
  /** Present (true) when rowCount is the planner's estimate (docs/adr/0173-estimated-totals-above-a-bound.md). */
  totalEstimated?: boolean;
}

/** Everything a page is read from: the instances, their people, applications and process names. */
const FLOW_PAGE_TABLES = [INSTANCES_TABLE, 'users', 'domains', 'applications', 'app_processes', 'process_versions'];

export type FlowPages = ChangeCache<FlowListPage>;

export const flowPageCache = (changes: TableChanges, on: boolean): FlowPages =>
  new ChangeCache<FlowListPage>(changes, FLOW_PAGE_TABLES, { maxEntries: on ? 500 : 0, maxAgeMs: 60_000 });

/** The key of one page: the caller's whole reach, the page, and the search's enterprise, language and
 *  searched fields as the totals key them (only the fields a search reads: a body may carry others). */
export const flowPageKey = (
  domainId: string,
  language: Language,
  reach: Reach,
  search: FlowstatertSearch,
  currpage: number,
  pagelines: number,
  exactTotal = false,
): string => JSON.stringify([reach, currpage, pagelines, exactTotal, searchKey(domainId, language, search)]);
