// How an import judges its rows (run-import.ts, import-worker.ts): the sheet's text cells read into
// column values, the file's own checks (a cell unread, no key, the key twice), and each row's outcome
// with its message in the caller's language.
import { ErrorCodes } from '../../../core/envelope.ts';
import type { Translate } from '../../../core/validation-messages.ts';
import { localizeSchemaErrors } from '../../../core/validation-messages.ts';
import { isUniqueViolation } from '../../db/constraint-errors.ts';
import { AppError, ValidationFailure } from '../../http/app-error.ts';
import { convertCell } from './cell-values.ts';
import { headerOf, KEY_COLUMN, matchHeader, type Column, type Kind } from './columns.ts';
import type { Applied, Change, ImportRow, RowStatus } from './import-plan.ts';
import { pathKey } from './org-tree.ts';
import type { SheetRow, SheetScan } from './sheet-reader.ts';

export type ImportMode = 'preview' | 'commit';

export interface RowOutcome {
  rowNum: number;
  key: string;
  status: RowStatus;
  changes: Array<Change & { label: string }>;
  error?: string;
  /** The row's values (shared with the row, not copied). */
  values: ReadonlyMap<string, unknown>;
}

/** Rows read from the sheet at a time (a chunk of the users' import, docs/adr/0064-users-import-streamed.md). */
export const SHEET_CHUNK = 2000;

/** The sheet's rows as column values; a cell that cannot be read marks its row. */
export function rowsOf(sheetRows: readonly SheetRow[], matched: Array<Column | undefined>, t: Translate): ImportRow[] {
  return sheetRows.map(({ rowNum, cells }) => {
    const row: ImportRow = { rowNum, values: new Map() };
    matched.forEach((column, i) => {
      if (!column) return;
      const cell = cells[i] ?? { text: '' };
      const converted = cell.problem ? { problem: cell.problem } : convertCell(column, cell.text);
      if ('problem' in converted)
        row.cellProblem ??= { key: converted.problem, column: column.field ? column.label : t(column.label) };
      else row.values.set(column.key, converted.value);
    });
    return row;
  });
}

/** A refusal's message in the caller's language. */
export function messageOf(error: unknown, t: Translate): string {
  if (error instanceof ValidationFailure)
    return localizeSchemaErrors(error.errors, t, error.ruleFailures)[0]?.message ?? t(ErrorCodes.validation.key);
  if (error instanceof AppError) return t(error.messageKey ?? ErrorCodes[error.errorName].key, error.params);
  if (isUniqueViolation(error)) return t('transfer.msg.alreadyExists');
  throw error;
}

/** How an import judges its rows, the same for both kinds: the file's own checks, then the outcome of
 *  each row's work (planned, written, or refused and why). */
export function rowJudge(
  kind: Kind,
  columns: readonly Column[],
  sheet: SheetScan,
  t: Translate,
  labels: Record<string, Readonly<Record<string, string>>>,
  language: string,
) {
  const matched = matchHeader(sheet.header, columns, labels, kind, language);
  const label = (key: string) => {
    const column = columns.find((c) => c.key === key);
    return column ? headerOf(column, labels[language] ?? {}) : key;
  };
  const keyOf = (row: ImportRow) => String(row.values.get(KEY_COLUMN[kind]) ?? '');
  const seen = new Set<string>();
  const outcomes = new Map<ImportRow, RowOutcome>();

  /** The file's own checks (a cell unread, no key, the key twice): the row's outcome, refused or pending. */
  const screen = (row: ImportRow): RowOutcome => {
    const key = keyOf(row);
    const outcome: RowOutcome = { rowNum: row.rowNum, key, status: 'refused', changes: [], values: row.values };
    outcomes.set(row, outcome);
    const identity = kind === 'department' ? pathKey(key) : key.toLowerCase();
    if (row.cellProblem) outcome.error = t(row.cellProblem.key, { column: row.cellProblem.column });
    else if (!identity) outcome.error = t('transfer.msg.keyMissing', { column: label(KEY_COLUMN[kind]) });
    else if (seen.has(identity)) outcome.error = t('transfer.msg.duplicateInFile', { key });
    else seen.add(identity);
    return outcome;
  };
  /** Records what happened to a row that passed the screen: done as planned, or refused and why. */
  const settle = async (outcome: RowOutcome, work: () => Promise<Applied>) => {
    try {
      const applied = await work();
      applied.kept?.();
      outcome.status = applied.status;
      outcome.changes = applied.changes.map((c) => ({ ...c, label: label(c.field) }));
    } catch (error) {
      Object.assign(outcome, { status: 'refused', changes: [], error: messageOf(error, t) });
    }
  };
  return { matched, keyOf, outcomes, screen, settle };
}

export type RowJudge = ReturnType<typeof rowJudge>;
