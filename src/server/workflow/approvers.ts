// Who approves a manual node of an instance (docs/adr/0043-bpmn-process-definitions.md): the on-job users of the instance's enterprise that
// the node's rules name. An expression is evaluated over the form's fields and answers rules of the
// other kinds, never another expression.
import { sql } from 'kysely';
import { parseApprovers, type ApproverRule } from '../../core/workflow/process-definition.ts';
import { ruleValue } from '../../core/rules.ts';
import type { Db } from '../db/schema.ts';

export interface ApproverContext {
  domainId: string;
  applicationId: string;
  initiatorId: string;
  form: Record<string, unknown>;
}

/** The users the rules name, each once, in the order the rules name them. */
export async function resolveApprovers(
  db: Db,
  rules: readonly ApproverRule[],
  ctx: ApproverContext,
): Promise<string[]> {
  const found: string[] = [];
  for (const rule of rules) {
    const ids = rule.kind === 'expression' ? await fromExpression(db, rule, ctx) : await usersOf(db, rule, ctx);
    for (const id of ids) if (!found.includes(id)) found.push(id);
  }
  return found;
}

async function fromExpression(
  db: Db,
  { expression, as }: Extract<ApproverRule, { kind: 'expression' }>,
  ctx: ApproverContext,
): Promise<string[]> {
  const value = ruleValue(expression, { ...ctx.form, form: ctx.form });
  const ids: string[] = [];
  for (const rule of as ? namedBy(value, as) : typeof value === 'string' ? parseApprovers(value).rules : [])
    if (rule.kind !== 'expression') ids.push(...(await usersOf(db, rule, ctx)));
  return ids;
}

/** A vendor expression's value as rules: login numbers or group names, in a list or a text split at commas. */
function namedBy(value: unknown, as: 'user' | 'group'): ApproverRule[] {
  const names = (Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [])
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.trim())
    .filter(Boolean)
    .slice(0, 100);
  return names.map((name) => (as === 'user' ? { kind: 'user', loginno: name } : { kind: 'group', name }));
}

const onJob = (db: Db, domainId: string) =>
  db
    .selectFrom('users as u')
    .select('u.id')
    .where('u.domain_id', '=', domainId)
    .where('u.status', '=', 1)
    .orderBy('u.order_no')
    .orderBy('u.name');

export type DatabaseRule = Extract<ApproverRule, { kind: 'user' | 'role' | 'department' | 'group' }>;

/** The on-job users a user, role or department rule names, as a query (in the order approvers are listed). */
function ruleUsers(db: Db, rule: DatabaseRule, ctx: Pick<ApproverContext, 'domainId' | 'applicationId'>) {
  switch (rule.kind) {
    case 'user':
      return onJob(db, ctx.domainId).where(sql`lower(u.loginno)`, '=', rule.loginno.toLowerCase());
    case 'role':
      return onJob(db, ctx.domainId).where('u.id', 'in', (eb) =>
        eb
          .selectFrom('role_users as h')
          .innerJoin('app_roles as r', 'r.id', 'h.role_id')
          .select('h.user_id')
          .where('r.application_id', '=', ctx.applicationId)
          .where('r.package_role', '=', rule.role),
      );
    case 'department':
      return onJob(db, ctx.domainId).where('u.department_id', 'in', (eb) =>
        eb.selectFrom('departments').select('id').where('domain_id', '=', ctx.domainId).where('code', '=', rule.code),
      );
    case 'group':
      // A candidate group names a role of the application or a department of the enterprise, by id or
      // name (docs/adr/0118-vendor-assignments.md).
      return onJob(db, ctx.domainId).where((eb) =>
        eb.or([
          eb(
            'u.id',
            'in',
            eb
              .selectFrom('role_users as h')
              .innerJoin('app_roles as r', 'r.id', 'h.role_id')
              .select('h.user_id')
              .where('r.application_id', '=', ctx.applicationId)
              .where((r) =>
                r.or([r('r.package_role', '=', rule.name), r('r.id', '=', rule.name), r('r.name', '=', rule.name)]),
              ),
          ),
          eb(
            'u.department_id',
            'in',
            eb
              .selectFrom('departments as d')
              .select('d.id')
              .where('d.domain_id', '=', ctx.domainId)
              .where((d) =>
                d.or([d('d.code', '=', rule.name), d('d.id', '=', rule.name), d('d.name', '=', rule.name)]),
              ),
          ),
        ]),
      );
  }
}

/** The one rule that names the approvers when the database alone answers it (a user, a role, a
 *  department): the statement that opens their tasks reads them (approversQuery), with no round trip of
 *  its own (docs/adr/0080-submissions-caller-check-locks.md). Undefined otherwise: a superior walks up the departments, an expression is
 *  evaluated first, several rules are merged in order (resolveApprovers). */
export function databaseRule(rules: readonly ApproverRule[]): DatabaseRule | undefined {
  const [rule] = rules;
  if (rules.length !== 1 || rule.kind === 'expression' || rule.kind === 'superior' || rule.kind === 'initiator')
    return undefined;
  return rule;
}

/** The approvers a database rule names, as one query with their order (`n`). */
export const approversQuery = (db: Db, rule: DatabaseRule, ctx: Pick<ApproverContext, 'domainId' | 'applicationId'>) =>
  ruleUsers(db, rule, ctx).select(sql<number>`row_number() over (order by u.order_no, u.name)`.as('n'));

async function usersOf(
  db: Db,
  rule: Exclude<ApproverRule, { kind: 'expression' }>,
  ctx: ApproverContext,
): Promise<string[]> {
  if (rule.kind === 'superior') return superiorsOf(db, ctx);
  if (rule.kind === 'initiator') return [ctx.initiatorId];
  return (await ruleUsers(db, rule, ctx).execute()).map((r) => r.id);
}

/** The liaison officers of the initiator's department other than the initiator; none there (or the
 *  initiator is the only one) → those of the department above, and so on up. */
async function superiorsOf(db: Db, ctx: ApproverContext): Promise<string[]> {
  const initiator = await db
    .selectFrom('users')
    .select('department_id')
    .where('id', '=', ctx.initiatorId)
    .executeTakeFirst();
  let departmentId = initiator?.department_id ?? null;
  // Run unprepared: the walk asks departments of very different sizes (a team, then the tenant's root),
  // so with a table's statistics PostgreSQL rightly plans each one for its department; a prepared
  // statement would be planned anew every time all the same (docs/adr/0080-submissions-caller-check-locks.md).
  const planned = db.withoutPlugins();
  for (let depth = 0; departmentId && depth < 50; depth++) {
    const liaisons = await onJob(planned, ctx.domainId)
      .where('u.department_id', '=', departmentId)
      .where('u.liaison', '=', true)
      .where('u.id', '!=', ctx.initiatorId)
      .execute();
    if (liaisons.length > 0) return liaisons.map((r) => r.id);
    const department = await db
      .selectFrom('departments')
      .select('superior_id')
      .where('id', '=', departmentId)
      .executeTakeFirst();
    departmentId = department?.superior_id ?? null;
  }
  return [];
}
