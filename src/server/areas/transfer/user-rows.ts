// One user row of an import: found by login number (case-insensitive, docs/adr/0034-tenant-organisation.md), its department by path,
// within the caller's reach, checked by the users.create rules (row-rules.ts), then written by the
// users area's own save functions (user-writes.ts), so an import can do only what the user form can.
import { UNCHANGED_SECRET } from '../../../core/password-codec.ts';
import type { User } from '../../../core/generated/api-types.ts';
import { AppError, ValidationFailure } from '../../http/app-error.ts';
import { normalizeUser } from '../users/user-rules.ts';
import { extensionValuesOf } from '../domains/extension-checks.ts';
import type { Change, ImportRow, PlanContext } from './import-plan.ts';
import { diffValues } from './import-plan.ts';
import { checkRecord } from './row-rules.ts';
import type { StoredUser } from './stored-users.ts';

const refuse = (message: string, params?: Record<string, unknown>) =>
  new ValidationFailure([], [{ field: '', message, params }]);

/** What one row asks, decided without writing: refused (thrown), unchanged, or the body to create or
 *  update with. The same rules as the user form's (reach, department, the users.create schema). */
export type UserPlan =
  { status: 'unchanged'; changes: Change[] } | { status: 'new' | 'changed'; changes: Change[]; body: User };

export function planUserRow(ctx: PlanContext, row: ImportRow, stored: StoredUser | undefined): UserPlan {
  const loginno = String(row.values.get('loginno'));
  const inReach = (departmentId: string | null) =>
    ctx.reachable === null || (departmentId !== null && ctx.reachable.includes(departmentId));
  // Someone else's user reads like one that does not exist, as everywhere (no leak of other subtrees).
  if (stored && !inReach(stored.department_id))
    throw new AppError('notFound', undefined, 'transfer.msg.userOutOfReach');
  const departmentPath = row.values.get('department') as string | undefined;
  const department = departmentPath === undefined ? undefined : ctx.tree.byPathText(departmentPath);
  if (departmentPath !== undefined && !department)
    throw refuse('transfer.msg.unknownDepartment', { path: departmentPath });
  if (department && !inReach(department.id))
    throw refuse('transfer.msg.departmentOutOfReach', { path: departmentPath });
  if (!stored && !department) throw refuse('transfer.msg.departmentRequired');

  const current: Record<string, unknown> = stored
    ? {
        ...stored.ext,
        name: stored.name,
        department: ctx.tree.pathOf(stored.department_id),
        email: stored.email,
        telephone: stored.telephone,
        status: stored.status,
        orderno: stored.order_no,
        isliaison: stored.liaison,
        loginLocked: stored.login_locked,
        useIM: stored.use_im,
      }
    : {};
  // The login number identifies the row: its case as stored stays.
  // A department is the same whatever the case or spacing its path was written in.
  // The cells normalised as every way a user enters is (docs/adr/0095-one-rule-set-for-entering-users.md), then checked below by the form's rules.
  const normalised = normalizeUser(Object.fromEntries(row.values));
  const values = new Map([...row.values.keys()].map((key) => [key, normalised[key]]));
  if (department) values.set('department', department.path);
  const { wanted, changes } = diffValues(
    ctx.columns.filter((c) => c.key !== 'loginno'),
    current,
    { ...row, values },
    !stored,
  );
  if (stored && changes.length === 0) return { status: 'unchanged', changes };

  const { department: _path, ...fields } = wanted;
  const body = {
    ...fields,
    loginno: stored?.loginno ?? loginno,
    departmentid: department?.id ?? stored!.department_id!,
    // What the sheet does not carry stays as stored (the proxy, the calendar, the administrator flag);
    // a new user gets the enterprise's default calendar, as on the form.
    calendarid: stored?.calendar_id ?? ctx.defaultCalendar ?? '',
    ...(stored
      ? {
          id: stored.id,
          proxyuserid: stored.proxy_user_id ?? '',
          proxyStart: stored.proxy_from ?? '',
          proxyEnd: stored.proxy_until ?? '',
          isdomainadmin: stored.domain_admin,
        }
      : {}),
  } as Record<string, unknown>;
  checkRecord(ctx.catalogue, 'user', ctx.domainId, body, ctx.user);
  // The extension fields' own rules (required, the form's length), which the save applies: the same
  // function, so a preview refuses what the commit would, with the field's label.
  extensionValuesOf(
    ctx.columns.flatMap((c) => (c.field ? [c.field] : [])),
    body,
    !stored,
  );
  return {
    status: stored ? 'changed' : 'new',
    changes,
    body: { ...body, password: UNCHANGED_SECRET, confirmpwd: UNCHANGED_SECRET } as unknown as User,
  };
}
