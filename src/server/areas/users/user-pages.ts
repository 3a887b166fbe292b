// The users area's cache: pages of users lists, good until users, departments or roles change
// (docs/adr/0042-pages-kept-until-change.md).
import { ChangeCache } from '../../db/change-cache.ts';
import type { TableChanges } from '../../db/table-changes.ts';
import type { toUserRow } from './user-record.ts';

export interface UserListPage {
  datas: ReturnType<typeof toUserRow>[];
  rowCount: number;
}

/** Everything a page of users is read from. */
const USER_PAGE_TABLES = ['domains', 'departments', 'users', 'role_users', 'field_extends'];

export type UserPages = ChangeCache<UserListPage>;

export const userPageCache = (changes: TableChanges, on: boolean): UserPages =>
  new ChangeCache<UserListPage>(changes, USER_PAGE_TABLES, { maxEntries: on ? 500 : 0, maxAgeMs: 60_000 });

/** A tenant list's every ANCHOR_EVERY-th user in the default order, (order_no, name, id): a deep page
 *  starts after the anchor before it instead of skipping every row up to it (docs/adr/0115-short-fragment-search.md). */
export type UserAnchors = ChangeCache<Array<[number, string, string]>>;

/** None with the list cache off: reading the anchors for one page would cost more than the offset. */
export const userAnchorCache = (changes: TableChanges, on: boolean): UserAnchors | null =>
  on
    ? new ChangeCache<Array<[number, string, string]>>(changes, USER_PAGE_TABLES, { maxEntries: 100, maxAgeMs: 60_000 })
    : null;
