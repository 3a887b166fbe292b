// The outcomes of an import, kept as they come (docs/adr/0064-users-import-streamed.md): counts, the spec's ERRORS rows for the refused,
// the first page of rows for the reply, and every row's outcome written a line at a time to a file of
// the run (<dataDir>/imports/<tenant>/<hash of the upload>.jsonl), from which the console pages the
// preview and the refused rows (mode=rows). A run replaces the previous run's file of the same upload
// only when it ends (written aside, then renamed).
import { createHash } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
  type WriteStream,
} from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Translate } from '../../../core/validation-messages.ts';
import { AppError } from '../../http/app-error.ts';
import type { Kind } from './columns.ts';
import type { RowStatus } from './import-plan.ts';
import { splitPath } from './org-tree.ts';
import type { ImportMode, RowOutcome } from './row-judge.ts';

/** Rows in the reply of a run, and the most a page asks for. */
export const PAGE_LINES = 100;
export const MAX_PAGE_LINES = 500;

type Counts = Record<RowStatus, number>;

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

function errorRow(kind: Kind, o: RowOutcome, name: string, t: Translate) {
  return {
    ROWNUM: o.rowNum,
    NAME: name,
    ERROR: o.error ?? '',
    TIP: t('transfer.msg.tipFix'),
    LOGINNO: kind === 'user' ? o.key : '',
    TELEPHONE: text(o.values.get('telephone')),
    EMAIL: text(o.values.get('email')),
    depts: kind === 'user' ? text(o.values.get('department')) : o.key,
  };
}
type ErrorRow = ReturnType<typeof errorRow>;
type ReplyRow = {
  rowNum: number;
  key: string;
  name: string;
  status: RowStatus;
  changes: RowOutcome['changes'];
  error?: string;
};
type Summary = { mode: ImportMode; counts: Counts };

/** The files of the last run of one uploaded sheet. */
function runFiles(dataDir: string, domainId: string, upload: string) {
  const dir = join(dataDir, 'imports', domainId);
  const base = join(dir, createHash('sha256').update(upload).digest('hex').slice(0, 32));
  return { dir, rows: `${base}.jsonl`, summary: `${base}.json` };
}

function general(kind: Kind, counts: Counts) {
  const success = counts.new + counts.changed;
  return {
    DEPT_ADD_SUCCESS: kind === 'department' ? success : 0,
    DEPT_ADD_FAIL: kind === 'department' ? counts.refused : 0,
    USER_ADD_SUCCESS: kind === 'user' ? success : 0,
    USER_ADD_FAIL: kind === 'user' ? counts.refused : 0,
    UNCHANGED: counts.unchanged,
  };
}

export class OutcomeLog {
  readonly counts: Counts = { new: 0, changed: 0, unchanged: 0, refused: 0 };
  /** The spec's ERRORS rows: every refused row (the error report), not every row. */
  readonly detail: ErrorRow[] = [];
  private readonly firstRows: ReplyRow[] = [];
  private readonly files: ReturnType<typeof runFiles>;
  private readonly out: WriteStream;

  constructor(
    dataDir: string,
    domainId: string,
    upload: string,
    private readonly kind: Kind,
    private readonly mode: ImportMode,
    private readonly t: Translate,
  ) {
    this.files = runFiles(dataDir, domainId, upload);
    mkdirSync(this.files.dir, { recursive: true });
    this.out = createWriteStream(`${this.files.rows}.part`);
  }

  /** One row's outcome: counted, kept when refused or on the first page, written to the run's file. */
  async add(o: RowOutcome): Promise<void> {
    const name = this.kind === 'user' ? text(o.values.get('name')) : (splitPath(o.key).pop() ?? '');
    const row: ReplyRow = {
      rowNum: o.rowNum,
      key: o.key,
      name,
      status: o.status,
      changes: o.changes,
      ...(o.error ? { error: o.error } : {}),
    };
    this.counts[o.status]++;
    const detail = o.status === 'refused' ? errorRow(this.kind, o, name, this.t) : undefined;
    if (detail) this.detail.push(detail);
    if (this.firstRows.length < PAGE_LINES) this.firstRows.push(row);
    if (!this.out.write(`${JSON.stringify(detail ? { ...row, detail } : row)}\n`)) await once(this.out, 'drain');
  }

  /** The run's reply; its file replaces the previous run's. */
  async finish() {
    this.out.end();
    await once(this.out, 'finish');
    renameSync(`${this.files.rows}.part`, this.files.rows);
    writeFileSync(this.files.summary, JSON.stringify({ mode: this.mode, counts: this.counts } satisfies Summary));
    const rowCount = Object.values(this.counts).reduce((a, b) => a + b, 0);
    return {
      mode: this.mode,
      general: general(this.kind, this.counts),
      counts: this.counts,
      detail: this.detail,
      rows: this.firstRows,
      rowCount,
      page: 1,
    };
  }

  /** Abandons the run's file (the import failed as a whole). */
  discard(): void {
    this.out.destroy();
  }
}

/** A page of the last run of an upload (mode=rows), optionally of one status only, read line by line. */
export async function outcomePage(
  dataDir: string,
  domainId: string,
  upload: string,
  kind: Kind,
  page: number,
  lines: number,
  status?: RowStatus,
) {
  const files = runFiles(dataDir, domainId, upload);
  if (!existsSync(files.summary) || !existsSync(files.rows))
    throw new AppError('notFound', undefined, 'transfer.msg.noRun', '/path');
  const summary = JSON.parse(readFileSync(files.summary, 'utf8')) as Summary;
  const skip = (page - 1) * lines;
  const rows: ReplyRow[] = [];
  const detail: ErrorRow[] = [];
  let matching = 0;
  const input = createReadStream(files.rows);
  try {
    for await (const line of createInterface({ input, crlfDelay: Infinity })) {
      if (status && !line.includes(`"status":"${status}"`)) continue;
      if (matching++ < skip) continue;
      const { detail: errors, ...row } = JSON.parse(line) as ReplyRow & { detail?: ErrorRow };
      rows.push(row);
      if (errors) detail.push(errors);
      if (rows.length === lines) break;
    }
  } finally {
    input.destroy();
  }
  const rowCount = status ? summary.counts[status] : Object.values(summary.counts).reduce((a, b) => a + b, 0);
  return {
    mode: summary.mode,
    general: general(kind, summary.counts),
    counts: summary.counts,
    detail,
    rows,
    rowCount,
    page,
  };
}
