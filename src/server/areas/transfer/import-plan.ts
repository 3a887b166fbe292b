// What an import does with one row, the same in a preview and a commit (run-import.ts): the row's
// wanted values against what is stored → new / changed (which fields) / unchanged / refused (why).
import type { Catalogue } from '../../../core/catalogue/types.ts';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { Reach } from '../../auth/reach.ts';
import type { Db } from '../../db/schema.ts';
import type { CellValue } from './cell-values.ts';
import { sameValue } from './cell-values.ts';
import type { Column } from './columns.ts';
import type { OrgTree } from './org-tree.ts';

export type RowStatus = 'new' | 'changed' | 'unchanged' | 'refused';

export interface Change {
  field: string;
  from: unknown;
  to: unknown;
}

/** A sheet row read into its columns' values (undefined: the cell was empty). */
export interface ImportRow {
  rowNum: number;
  values: Map<string, CellValue | undefined>;
  /** A cell that could not be read: the row is refused before anything is looked up. */
  cellProblem?: { key: string; column: string };
}

export interface Applied {
  status: Exclude<RowStatus, 'refused'>;
  changes: Change[];
  /** Runs once the row's write is kept (the department tree learns a new department). */
  kept?: () => void;
}

export interface ImportContext {
  db: Db;
  catalogue: Catalogue;
  domainId: string;
  user: CurrentUser;
  reach: Reach;
  /** The departments the caller reaches (null = all of the tenant), read once per import. */
  reachable: readonly string[] | null;
  tree: OrgTree;
  columns: readonly Column[];
  /** The enterprise's default calendar, a new user's (docs/adr/0064-users-import-streamed.md); null while it has none. */
  defaultCalendar: string | null;
}

/** What planning a row needs: no database (the users' rows are planned in a worker thread, import-worker.ts). */
export type PlanContext = Omit<ImportContext, 'db' | 'reach'>;

/** Stored values (by column key) overlaid with the row's non-empty cells, and what differs. */
export function diffValues(
  columns: readonly Column[],
  current: Record<string, unknown>,
  row: ImportRow,
  isNew: boolean,
) {
  const wanted: Record<string, unknown> = { ...current };
  const changes: Change[] = [];
  for (const column of columns) {
    const value = row.values.get(column.key);
    if (value === undefined) continue;
    wanted[column.key] = value;
    if (!isNew && !sameValue(current[column.key], value))
      changes.push({ field: column.key, from: current[column.key] ?? '', to: value });
  }
  return { wanted, changes };
}
