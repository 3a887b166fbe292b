// An import of one sheet (docs/adr/0035-organisation-excel-import-export.md, docs/adr/0037-large-tenant.md, docs/adr/0064-users-import-streamed.md): guarded and read through once first (a bad file changes
// nothing), then streamed a chunk at a time; each row's outcome goes to the run's log (import-outcomes.ts)
// as soon as its chunk is done, so no more than a chunk of rows is held (departments excepted: they are
// ordered parents first, so their sheet is held whole).
// Rows are matched by key (users by login number, departments by path), so importing the same file
// again changes nothing. Departments go one row at a time: a preview runs each exactly as a commit
// would inside one transaction always rolled back (each row in a savepoint); a commit gives each row a
// transaction of its own. Users go a chunk at a time (user-chunks.ts): each row is planned in memory
// against the chunk's stored users by the same rules, and a commit writes a chunk's new users in one
// transaction (a row is never half-written; a crash loses at most the chunk being written).
import { sql } from 'kysely';
import { ErrorCodes } from '../../../core/envelope.ts';
import type { Translate } from '../../../core/validation-messages.ts';
import { localizeSchemaErrors } from '../../../core/validation-messages.ts';
import { AppError, ValidationFailure } from '../../http/app-error.ts';
import { convertCell } from './cell-values.ts';
import { headerOf, KEY_COLUMN, matchHeader, type Column, type Kind } from './columns.ts';
import { applyDepartmentRow } from './department-rows.ts';
import type { Applied, ImportContext, ImportMode, ImportRow, RowOutcome } from './import-plan.ts';
import { pathKey, splitPath } from './org-tree.ts';
import type { OutcomeLog } from './import-outcomes.ts';
import { sheetChunks, type SheetRow, type SheetScan } from './sheet-reader.ts';
import { importUsers } from './user-chunks.ts';
import { collectGarbage, GC_EVERY } from './collect-garbage.ts';
import { isUniqueViolation } from '../../db/constraint-errors.ts';

/** Rows read from the sheet at a time (a chunk of the users' import, docs/adr/0064-users-import-streamed.md). */
const SHEET_CHUNK = 2000;

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
function messageOf(error: unknown, t: Translate): string {
  if (error instanceof ValidationFailure)
    return localizeSchemaErrors(error.errors, t, error.ruleFailures)[0]?.message ?? t(ErrorCodes.validation.key);
  if (error instanceof AppError) return t(error.messageKey ?? ErrorCodes[error.errorName].key, error.params);
  if (isUniqueViolation(error)) return t('transfer.msg.alreadyExists');
  throw error;
}

class PreviewRollback extends Error {}

export async function runImport(
  kind: Kind,
  ctx: ImportContext,
  sheet: SheetScan,
  mode: ImportMode,
  t: Translate,
  labels: Record<string, Readonly<Record<string, string>>>,
  language: string,
  log: OutcomeLog,
): Promise<void> {
  const matched = matchHeader(sheet.header, ctx.columns, labels, kind, language);
  const label = (key: string) => {
    const column = ctx.columns.find((c) => c.key === key);
    return column ? headerOf(column, labels[language] ?? {}) : key;
  };
  // Departments parents first, so a file may list a department before the one it sits in.
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

  if (kind === 'user') {
    let sinceCollected = 0;
    for await (const chunk of sheetChunks(sheet, SHEET_CHUNK)) {
      // Between chunks only, so an import of up to GC_EVERY rows never collects.
      if (sinceCollected >= GC_EVERY) {
        collectGarbage();
        sinceCollected = 0;
      }
      const rows = rowsOf(chunk, matched, t);
      await importUsers(ctx, rows, mode, screen, settle);
      for (const row of rows) await log.add(outcomes.get(row)!);
      outcomes.clear();
      sinceCollected += rows.length;
    }
    return;
  }
  const rows: ImportRow[] = [];
  for await (const chunk of sheetChunks(sheet, SHEET_CHUNK)) rows.push(...rowsOf(chunk, matched, t));
  const ordered = [...rows].sort((a, b) => splitPath(keyOf(a)).length - splitPath(keyOf(b)).length);
  if (mode === 'commit') {
    for (const row of ordered) {
      const outcome = screen(row);
      if (!outcome.error)
        await settle(outcome, () => ctx.db.transaction().execute((trx) => applyDepartmentRow(trx, ctx, row)));
    }
  } else {
    await ctx.db
      .transaction()
      .execute(async (trx) => {
        for (const row of ordered) {
          const outcome = screen(row);
          if (outcome.error) continue;
          await settle(outcome, async () => {
            await sql`savepoint import_row`.execute(trx);
            try {
              const applied = await applyDepartmentRow(trx, ctx, row);
              await sql`release savepoint import_row`.execute(trx);
              return applied;
            } catch (error) {
              await sql`rollback to savepoint import_row`.execute(trx);
              throw error;
            }
          });
        }
        throw new PreviewRollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof PreviewRollback)) throw error;
      });
  }
  for (const row of rows) await log.add(outcomes.get(row)!);
}
