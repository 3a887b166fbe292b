// The users area's cache: pages of users lists, good until users, departments or roles change
// (docs/adr/0042-pages-kept-until-change.md).
import { ChangeCache } from '../../db/change-cache.ts';
import type { TableChanges } from '../../db/table-changes.ts';
import type { toUserRow } from './user-record.ts';

export interface UserListPage {
  datas: ReturnType<typeof toUserRow>[];
  rowCount: number;
  /** Present and true when rowCount is the planner's estimate of a large total
   *  (docs/adr/0173-estimated-totals-above-a-bound.md, docs/adr/0214-name-search-at-a-million.md). */
  totalEstimated?: boolean;
}

/** Everything a page of users is read from. */
const USER_PAGE_TABLES = ['domains', 'departments', 'users', 'role_users', 'field_extends'];

export type UserPages = ChangeCache<UserListPage>;

export const userPageCache = (changes: TableChanges, on: boolean): UserPages =>
  new ChangeCache<UserListPage>(changes, USER_PAGE_TABLES, { maxEntries: on ? 500 : 0, maxAgeMs: 60_000 });

/** A list's every ANCHOR_EVERY-th user in the default order, (order_no, name, id), and the list's stamp
 *  when they were read (its user_counts rows' `changes` summed, migration 0056; the whole tenant's
 *  user_totals row's, migration 0060). */
export interface KeptAnchors {
  stamp: string;
  anchors: Array<[number, string, string]>;
}

/**
 * The plain lists' deep-page anchors (docs/adr/0115-short-fragment-search.md), by tenant, reach and
 * department: a deep page starts after the anchor before it instead of skipping every user up to it.
 * Kept with or without the list cache, since nothing here is answered unchecked: the page's own
 * statement reads the list's stamp, and a page read from anchors of another stamp is read again
 * (docs/adr/0198-users-list-anchors-and-cost.md). Callers asking at once share one read; the least
 * recently used lists go first.
 */
export class UserAnchors {
  private readonly lists = new Map<string, Promise<KeptAnchors>>();

  constructor(private readonly maxLists: number) {}

  /** The list's kept anchors, or `read`'s (then kept). */
  through(key: string, read: () => Promise<KeptAnchors>): Promise<KeptAnchors> {
    const found = this.lists.get(key);
    this.lists.delete(key);
    const kept = found ?? read();
    if (this.lists.size >= this.maxLists) this.lists.delete(this.lists.keys().next().value!);
    this.lists.set(key, kept); // now the most recently used
    if (!found) kept.catch(() => this.drop(key, kept));
    return kept;
  }

  /** Forgets `stale` (read before a change), unless newer anchors already took its place. */
  drop(key: string, stale: Promise<KeptAnchors>): void {
    if (this.lists.get(key) === stale) this.lists.delete(key);
  }
}

/** Lists whose anchors a server keeps (a list of 1,000,000 users has 1,000 anchors). */
export const userAnchors = (): UserAnchors => new UserAnchors(100);
