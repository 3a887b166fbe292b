// An import answer's rows in a table (docs/adr/0141-import-with-preview-screen.md): the declared
// columns, a page at a time when the table is paged (the first page from the answer or read, the
// others read from the call, docs/adr/0064-users-import-streamed.md). A panel adds each row's buttons
// (`rowActions`, docs/adr/0162-table-row-actions.md) in a last column.
import {
  Chip,
  Pagination,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportColumn, ImportTable as TableDef } from '../../../core/catalogue/import-screen.ts';
import type { Renderers } from '../cells/useCellRenderers.ts';
import { rowsOf, valueOf, type Answer, type DialogData } from './import-values.ts';

/** Headings and columns of labelled words (a kind, an action, a state) keep each word whole: a narrow
 * table would otherwise break a Chinese word (定时器, 剩余重试次数) over two lines; text with spaces still
 * wraps between words. */
const WHOLE_WORDS = { wordBreak: 'keep-all' } as const;
const LABELLED = { ...WHOLE_WORDS, minWidth: '5em' } as const;
/** A moment is read as one: a narrow column (a job's "Incident since") would put its time under its day. */
const MOMENT = /^\d{4}-\d\d-\d\d \d\d:\d\d(:\d\d)?$/;

export type ReadPage = (table: TableDef, page: number) => Promise<Answer | undefined>;

function Cell({ column, row, renderers }: { column: ImportColumn; row: Answer; renderers: Renderers }) {
  const { t } = useTranslation();
  const value = column.field ? row[column.field] : undefined;
  const Render = column.render ? renderers[column.render] : undefined;
  if (Render) return <Render value={value} row={row} schema={{}} />;
  const empty = value === undefined || value === null || value === '';
  if (empty && column.none) return <>{t(column.none)}</>;
  const shown = Array.isArray(value) ? value.join(', ') : String(value ?? '');
  const aside = column.aside ? row[column.aside] : undefined;
  const full = aside === undefined || aside === null || aside === '' ? shown : `${shown} (${String(aside)})`;
  // A value's label may name the row's fields (a locked job: "Locked by {{lockedBy}} …").
  const text = column.labels?.[String(value)] ? t(column.labels[String(value)], row) : full;
  const color = column.colors?.[String(value)];
  if (color) return <Chip size="small" color={color} label={text} />;
  return MOMENT.test(text) ? <span style={{ whiteSpace: 'nowrap' }}>{text}</span> : <>{text}</>;
}

export function ImportTable({
  table,
  reply,
  data,
  readPage,
  renderers,
  rowActions,
}: {
  table: TableDef;
  reply: Answer;
  data: DialogData;
  readPage: ReadPage;
  renderers: Renderers;
  /** A row's buttons (a panel's table with `actions`). */
  rowActions?: (row: Answer) => ReactNode;
}) {
  const { t } = useTranslation();
  const first = table.rows ? rowsOf(table.rows, reply, data) : null;
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<Answer[] | null>(first);
  const go = (wanted: number) => {
    setPage(wanted);
    if (wanted === 1 && first) setRows(first);
    else
      void readPage(table, wanted).then(
        (answer) => answer && setRows(rowsOf(table.rows ?? 'reply.rows', answer, data)),
      );
  };
  // A table without rows in the answer reads its first page (the refused rows after a commit).
  useEffect(() => {
    if (!table.rows)
      void readPage(table, 1).then((answer) => setRows(answer ? rowsOf('reply.rows', answer, data) : []));
  }, [table, readPage, data]);
  if (!rows) return null;
  if (rows.length === 0 && table.empty)
    return (
      <Typography sx={{ mt: 1 }} color="text.secondary" data-testid={`${table.testId}-none`}>
        {t(table.empty)}
      </Typography>
    );
  const count = table.paging ? Number(valueOf(table.paging.count, reply, data) ?? 0) : 0;
  const marked = table.columns.find((c) => c.colors)?.field;
  const keyOf = (row: Answer) => table.key.map((k) => String(row[k])).join('/');
  const ariaLabel = table.label ? t(table.label) : undefined;
  return (
    <>
      {/* Focusable: a table taller than its bound scrolls, and keyboard users must reach it (axe's
          scrollable-region-focusable); a region only when it has a name to announce. */}
      <TableContainer
        sx={{ maxHeight: 360, mt: 1 }}
        tabIndex={0}
        {...(ariaLabel ? { role: 'region', 'aria-label': ariaLabel } : {})}
      >
        <Table size="small" stickyHeader data-testid={table.testId} aria-label={ariaLabel}>
          <TableHead>
            <TableRow>
              {table.columns.map((c, i) => (
                <TableCell
                  key={i}
                  sx={{
                    ...(c.labels ? LABELLED : WHOLE_WORDS),
                    ...(c.minWidth ? { minWidth: `${c.minWidth}em` } : {}),
                  }}
                >
                  {c.label ? t(c.label) : ''}
                </TableCell>
              ))}
              {rowActions && <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow
                key={keyOf(row)}
                {...(marked ? { [`data-${marked}`]: String(row[marked]) } : {})}
                {...(rowActions ? { 'data-row': keyOf(row) } : {})}
              >
                {table.columns.map((c, i) => (
                  <TableCell key={i} sx={c.labels ? LABELLED : undefined}>
                    <Cell column={c} row={row} renderers={renderers} />
                  </TableCell>
                ))}
                {rowActions && <TableCell sx={{ whiteSpace: 'nowrap' }}>{rowActions(row)}</TableCell>}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {table.paging && count > table.paging.size && (
        <Pagination
          data-testid={table.paging.testId}
          sx={{ mt: 1 }}
          page={page}
          count={Math.ceil(count / table.paging.size)}
          onChange={(_e, p) => go(p)}
        />
      )}
    </>
  );
}
