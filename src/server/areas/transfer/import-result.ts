// The reply of an import: the spec's counts (DEPT_/USER_ADD_SUCCESS / _FAIL) and ERRORS rows (NAME,
// ERROR, TIP, ROWNUM, LOGINNO, TELEPHONE, EMAIL, depts), plus every row's outcome for the preview.
import type { Translate } from '../../../core/validation-messages.ts';
import type { Kind } from './columns.ts';
import type { ImportMode, RowOutcome } from './run-import.ts';
import { splitPath } from './org-tree.ts';

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

export function importResult(kind: Kind, mode: ImportMode, outcomes: readonly RowOutcome[], t: Translate) {
  const count = (...statuses: string[]) => outcomes.filter((o) => statuses.includes(o.status)).length;
  const success = count('new', 'changed');
  const failed = count('refused');
  const general = {
    DEPT_ADD_SUCCESS: kind === 'department' ? success : 0,
    DEPT_ADD_FAIL: kind === 'department' ? failed : 0,
    USER_ADD_SUCCESS: kind === 'user' ? success : 0,
    USER_ADD_FAIL: kind === 'user' ? failed : 0,
    UNCHANGED: count('unchanged'),
  };
  const nameOf = (o: RowOutcome) => (kind === 'user' ? text(o.values.get('name')) : (splitPath(o.key).pop() ?? ''));
  const detail = outcomes
    .filter((o) => o.status === 'refused')
    .map((o) => ({
      ROWNUM: o.rowNum,
      NAME: nameOf(o),
      ERROR: o.error ?? '',
      TIP: t('transfer.msg.tipFix'),
      LOGINNO: kind === 'user' ? o.key : '',
      TELEPHONE: text(o.values.get('telephone')),
      EMAIL: text(o.values.get('email')),
      depts: kind === 'user' ? text(o.values.get('department')) : o.key,
    }));
  const rows = outcomes.map((o) => ({ rowNum: o.rowNum, key: o.key, name: nameOf(o), status: o.status, changes: o.changes, ...(o.error ? { error: o.error } : {}) }));
  return { mode, general, detail, rows };
}
