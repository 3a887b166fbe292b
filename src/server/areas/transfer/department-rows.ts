// One department row of an import: found by its path, created under the department its path names
// above it (which must exist, or come earlier in the file), checked by the departments.create rules
// (row-rules.ts), then written by the departments area's own save functions, so an import can do only
// what the department form can (reach, sibling-unique names, levels).
import type { Department } from '../../../core/generated/api-types.ts';
import { governsDomain } from '../../auth/reach.ts';
import type { Db } from '../../db/schema.ts';
import { AppError, ValidationFailure } from '../../http/app-error.ts';
import { createDepartment, updateDepartment } from '../departments/save-department.ts';
import { managesDepartment } from '../organisation/department-reach.ts';
import type { Applied, ImportContext, ImportRow } from './import-plan.ts';
import { diffValues } from './import-plan.ts';
import { PATH_SEPARATOR, splitPath } from './org-tree.ts';
import { checkRecord } from './row-rules.ts';

const refuse = (message: string, params?: Record<string, unknown>) =>
  new ValidationFailure([], [{ field: '', message, params }]);

export async function applyDepartmentRow(trx: Db, ctx: ImportContext, row: ImportRow): Promise<Applied> {
  const segments = splitPath(String(row.values.get('path')));
  const name = segments[segments.length - 1] ?? '';
  const superiorPath = segments.slice(0, -1).join(PATH_SEPARATOR);
  const node = ctx.tree.byPathText(segments.join(PATH_SEPARATOR));
  const superior = superiorPath ? ctx.tree.byPathText(superiorPath) : undefined;
  if (superiorPath && !superior) throw refuse('transfer.msg.superiorMissing', { path: superiorPath });
  const stored = node
    ? await trx
        .selectFrom('departments')
        .selectAll()
        .where('id', '=', node.id)
        .where('domain_id', '=', ctx.domainId)
        .executeTakeFirst()
    : undefined;
  // A department-level administrator changes only what lies strictly below its own departments.
  const allowed = stored
    ? await managesDepartment(trx, ctx.reach, ctx.domainId, stored.id, false)
    : superior
      ? await managesDepartment(trx, ctx.reach, ctx.domainId, superior.id, true)
      : governsDomain(ctx.reach, ctx.domainId);
  if (!allowed) throw new AppError('forbidden', undefined, 'transfer.msg.departmentOutOfReach');

  const current: Record<string, unknown> = stored
    ? { ...stored.ext, code: stored.code, orderno: stored.order_no, valid: stored.valid }
    : {};
  const { wanted, changes } = diffValues(
    ctx.columns.filter((c) => c.key !== 'path'),
    current,
    row,
    !stored,
  );
  if (stored && changes.length === 0) return { status: 'unchanged', changes };

  const { path: _path, ...fields } = wanted;
  const body = {
    ...fields,
    name: stored?.name ?? name,
    superiorid: stored ? stored.superior_id : (superior?.id ?? null),
  } as Record<string, unknown>;
  checkRecord(ctx.catalogue, 'department', ctx.domainId, body, ctx.user);
  if (stored) {
    await updateDepartment(trx, ctx.user, ctx.domainId, stored.id, body as unknown as Department);
    return { status: 'changed', changes };
  }
  const created = await createDepartment(trx, ctx.user, ctx.domainId, body as unknown as Department);
  const path = [...(superior ? [superior.path] : []), created.name].join(PATH_SEPARATOR);
  return {
    status: 'new',
    changes,
    kept: () =>
      ctx.tree.add({
        id: created.id!,
        name: created.name,
        superiorId: superior?.id ?? null,
        path,
        depth: segments.length - 1,
      }),
  };
}
