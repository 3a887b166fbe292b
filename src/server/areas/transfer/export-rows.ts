// The rows an export writes, a batch at a time in a stable order: a tenant's users (by name, then id:
// the users_domain_name_idx index) and its departments (in tree order), within the caller's reach.
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import type { OrgTree, TreeNode } from './org-tree.ts';

const BATCH = 1000;

export function userBatches(db: Db, domainId: string, reachable: readonly string[] | null, tree: OrgTree) {
  return async (after: { name: string; id: string } | undefined) => {
    let q = db
      .selectFrom('users as u')
      .leftJoin('users as p', 'p.id', 'u.proxy_user_id')
      .select([
        'u.id',
        'u.name',
        'u.loginno',
        'u.email',
        'u.telephone',
        'u.department_id',
        'u.status',
        'u.order_no',
        'u.domain_admin',
        'u.liaison',
        'u.login_locked',
        'u.use_im',
        'u.calendar_id',
        'u.ext',
        'p.loginno as proxy',
      ])
      .select([
        sql<string | null>`to_char(u.proxy_start, 'YYYY-MM-DD')`.as('proxy_start'),
        sql<string | null>`to_char(u.proxy_end, 'YYYY-MM-DD')`.as('proxy_end'),
      ])
      .where('u.domain_id', '=', domainId);
    if (reachable !== null)
      q = reachable.length === 0 ? q.where(sql<boolean>`false`) : q.where('u.department_id', 'in', [...reachable]);
    if (after) q = q.where(sql<boolean>`(u.name, u.id) > (${after.name}, ${after.id})`);
    const rows = await q.orderBy('u.name').orderBy('u.id').limit(BATCH).execute();
    return rows.map((r) => ({
      ...r,
      values: {
        ...r.ext,
        loginno: r.loginno,
        name: r.name,
        department: tree.pathOf(r.department_id),
        email: r.email,
        telephone: r.telephone,
        status: r.status,
        orderno: r.order_no,
        isliaison: r.liaison,
        loginLocked: r.login_locked,
        useIM: r.use_im,
        isdomainadmin: r.domain_admin,
        calendarid: r.calendar_id,
        proxy: r.proxy,
        proxyStart: r.proxy_start,
        proxyEnd: r.proxy_end,
      } as Record<string, unknown>,
    }));
  };
}

export function departmentBatches(db: Db, domainId: string, reachable: readonly string[] | null, tree: OrgTree) {
  const nodes = tree.nodes().filter((n) => reachable === null || reachable.includes(n.id));
  return async (after: (TreeNode & { values: Record<string, unknown> }) | undefined) => {
    const start = after ? nodes.findIndex((n) => n.id === after.id) + 1 : 0;
    const slice = nodes.slice(start, start + BATCH);
    if (slice.length === 0) return [];
    const rows = await db
      .selectFrom('departments')
      .select(['id', 'code', 'order_no', 'valid', 'ext'])
      .where('domain_id', '=', domainId)
      .where(
        'id',
        'in',
        slice.map((n) => n.id),
      )
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return slice.map((n) => {
      const r = byId.get(n.id);
      return {
        ...n,
        values: { ...r?.ext, path: n.path, code: r?.code, orderno: r?.order_no, valid: r?.valid } as Record<
          string,
          unknown
        >,
      };
    });
  };
}
