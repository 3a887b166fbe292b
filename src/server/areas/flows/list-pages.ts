// The flow-monitoring list's pages kept between calls (D72), as the users pages are (D42): a page is
// answered from memory when the same search and page was read, by a caller of the same reach, since
// the last change to what it is read from. Instances are announced by the server after each engine
// unit of work (workflow/instance-writes.ts; this server's own are known before its reply), the rest
// by the statement triggers of migrations 0016 and 0036. Bounded in entries and age.
import type { Reach } from '../../auth/reach.ts';
import { ChangeCache } from '../../db/change-cache.ts';
import type { TableChanges } from '../../db/table-changes.ts';
import { INSTANCES_TABLE } from '../../workflow/instance-writes.ts';

/** A page as flows.list answers it. */
export interface FlowListPage {
  datas: Record<string, unknown>[];
  rowCount: number;
}

/** Everything a page is read from: the instances, their people, applications and process names. */
const FLOW_PAGE_TABLES = [INSTANCES_TABLE, 'users', 'domains', 'applications', 'app_processes', 'process_versions'];

export type FlowPages = ChangeCache<FlowListPage>;

export const flowPageCache = (changes: TableChanges, on: boolean): FlowPages =>
  new ChangeCache<FlowListPage>(changes, FLOW_PAGE_TABLES, { maxEntries: on ? 500 : 0, maxAgeMs: 60_000 });

/** The key of one page: the enterprise, language, the caller's whole reach, the search and the page. */
export const flowPageKey = (domainId: string, language: string, reach: Reach, search: object, currpage: number, pagelines: number): string =>
  JSON.stringify([domainId, language, reach, search, currpage, pagelines]);
