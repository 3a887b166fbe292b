// The plan of a sync: what the source's departments and users change in the domain, worked out in
// memory from the stored state (state.ts) before anything is written, so a dry run answers exactly
// what a real run would do. Departments follow the source's tree; users are added, changed or moved;
// users a full sync no longer finds are resigned, never deleted; conflicts are reported and skipped.
import { randomUUID } from 'node:crypto';
import type { EntryRules } from '../areas/users/user-rules.ts';
import type { SourceDepartment, SourceUser } from './source.ts';
import type { DomainState, LocalUser } from './state.ts';

export type SyncMode = 'full' | 'incremental';

/** A source entry the sync skipped; `code` is a label key (`sync.error.*`) written out when read. */
export interface SyncIssue {
  entity: 'department' | 'user';
  externalId: string;
  name: string;
  code: string;
  /** Position of the entry in what the source answered (1-based). */
  row: number;
  loginno?: string;
  email?: string;
  telephone?: string;
  depts?: string;
}

export interface DepartmentChange {
  op: 'add' | 'change' | 'invalidate';
  id: string;
  externalId: string;
  name: string;
  superiorId: string | null;
  orderNo: number;
  level: number;
  moved: boolean;
}

/** A user as it will be stored, with what happens to it. */
export interface UserChange extends LocalUser {
  op: 'add' | 'change' | 'resign';
  externalId: string;
  moved: boolean;
}

export interface SyncPlan {
  departments: DepartmentChange[];
  users: UserChange[];
  /** Links to write: source key → local id (new entries and adopted ones). */
  departmentLinks: Map<string, string>;
  userLinks: Map<string, string>;
  issues: SyncIssue[];
}

const siblingKey = (superiorId: string | null, name: string) => `${superiorId ?? ''}\u0000${name.trim().toLowerCase()}`;

class DepartmentPlanner {
  readonly resolved = new Map<string, string>();
  private readonly failed = new Set<string>();
  private readonly siblings = new Map<string, string>();
  private readonly levels = new Map<string, number>();
  private readonly linkedIds: Set<string>;
  private readonly rows = new Map<string, number>();

  constructor(
    private readonly state: DomainState,
    private readonly source: Map<string, SourceDepartment>,
    private readonly plan: SyncPlan,
    private readonly rules: EntryRules,
  ) {
    for (const d of state.departments.values()) {
      this.siblings.set(siblingKey(d.superiorId, d.name), d.id);
      this.levels.set(d.id, d.level);
    }
    this.linkedIds = new Set(state.departmentLinks.values());
    [...source.keys()].forEach((ext, i) => this.rows.set(ext, i + 1));
  }

  /** The local id of a source key: planned in this run, else linked by an earlier one. */
  localId(externalId: string): string | undefined {
    if (this.failed.has(externalId)) return undefined;
    const planned = this.resolved.get(externalId);
    if (planned) return planned;
    const linked = this.state.departmentLinks.get(externalId);
    return linked && this.state.departments.has(linked) ? linked : undefined;
  }

  private fail(d: SourceDepartment, code: string): undefined {
    this.failed.add(d.externalId);
    this.plan.issues.push({
      entity: 'department',
      externalId: d.externalId,
      name: d.name,
      code,
      row: this.rows.get(d.externalId) ?? 0,
    });
    return undefined;
  }

  visit(externalId: string, path: Set<string> = new Set()): string | undefined {
    const done = this.resolved.get(externalId);
    if (done || this.failed.has(externalId)) return done;
    const d = this.source.get(externalId)!;
    if (path.has(externalId)) return this.fail(d, 'sync.error.departmentLoop');
    path.add(externalId);
    let superiorId: string | null = null;
    if (d.parentExternalId !== null) {
      const parent = this.source.has(d.parentExternalId)
        ? this.visit(d.parentExternalId, path)
        : this.localId(d.parentExternalId);
      if (!parent) return this.fail(d, 'sync.error.noSuperior');
      superiorId = parent;
    }
    if (!d.name.trim()) return this.fail(d, 'sync.error.noName');
    const checked = this.rules.departmentName(d.name);
    if (!checked.ok) return this.fail(d, checked.reason);
    const name = checked.value;
    const linked = this.state.departmentLinks.get(externalId);
    let existing = linked ? this.state.departments.get(linked) : undefined;
    const holder = this.siblings.get(siblingKey(superiorId, name));
    if (!existing && holder) {
      if (this.linkedIds.has(holder)) return this.fail(d, 'sync.error.departmentNameTaken');
      existing = this.state.departments.get(holder)!; // a department made by hand: the sync adopts it
      this.plan.departmentLinks.set(externalId, holder);
    }
    if (existing && holder && holder !== existing.id) return this.fail(d, 'sync.error.departmentNameTaken');
    const level = superiorId === null ? 0 : (this.levels.get(superiorId) ?? 0) + 1;
    const orderNo = d.order ?? existing?.orderNo ?? 0;
    if (!existing) {
      const id = randomUUID();
      this.plan.departments.push({ op: 'add', id, externalId, name, superiorId, orderNo, level, moved: false });
      this.plan.departmentLinks.set(externalId, id);
      this.siblings.set(siblingKey(superiorId, name), id);
      this.levels.set(id, level);
      this.resolved.set(externalId, id);
      return id;
    }
    if (linked && linked !== existing.id) this.plan.departmentLinks.set(externalId, existing.id);
    const moved = existing.superiorId !== superiorId;
    if (moved || existing.name !== name || existing.orderNo !== orderNo || !existing.valid) {
      this.siblings.delete(siblingKey(existing.superiorId, existing.name));
      this.siblings.set(siblingKey(superiorId, name), existing.id);
      this.plan.departments.push({
        op: 'change',
        id: existing.id,
        externalId,
        name,
        superiorId,
        orderNo,
        level,
        moved,
      });
    }
    this.levels.set(existing.id, level);
    this.resolved.set(externalId, existing.id);
    return existing.id;
  }
}

function planUsers(
  state: DomainState,
  users: SourceUser[],
  departments: DepartmentPlanner,
  plan: SyncPlan,
  rules: EntryRules,
): Set<string> {
  const logins = new Map<string, number>();
  for (const u of users) {
    const key = u.loginNumber.trim().toLowerCase();
    if (key) logins.set(key, (logins.get(key) ?? 0) + 1);
  }
  const byLogin = new Map<string, LocalUser>([...state.users.values()].map((u) => [u.loginno.toLowerCase(), u]));
  const linkedIds = new Set(state.userLinks.values());
  const seen = new Set<string>();
  users.forEach((u, i) => {
    if (seen.has(u.externalId)) return;
    seen.add(u.externalId);
    const loginno = u.loginNumber.trim();
    const issue = (code: string) =>
      void plan.issues.push({
        entity: 'user',
        externalId: u.externalId,
        name: u.name,
        code,
        row: i + 1,
        loginno,
        email: u.email ?? '',
        telephone: u.telephone ?? '',
        depts: u.departmentExternalIds.join(';'),
      });
    if (!loginno) return issue('sync.error.noLogin');
    if ((logins.get(loginno.toLowerCase()) ?? 0) > 1) return issue('sync.error.duplicateLogin');
    let departmentId: string | null = null;
    if (u.departmentExternalIds.length > 0) {
      const found = departments.localId(u.departmentExternalIds[0]);
      if (!found) return issue('sync.error.noDepartment');
      departmentId = found;
    }
    const linked = state.userLinks.get(u.externalId);
    let existing = linked ? state.users.get(linked) : undefined;
    const holder = byLogin.get(loginno.toLowerCase());
    if (!existing && holder) {
      if (linkedIds.has(holder.id)) return issue('sync.error.loginTaken');
      existing = holder; // a user made by hand with the same login number: the sync adopts it
    }
    if (existing && holder && holder.id !== existing.id) return issue('sync.error.loginTaken');
    // What the source has, normalised and checked by the form's own rules: a value they refuse is reported, never stored.
    const entering = rules.user({
      loginno,
      name: u.name.trim() || loginno,
      email: u.email ?? existing?.email ?? '',
      telephone: u.telephone ?? existing?.telephone ?? '',
    });
    if (!entering.ok) return issue(entering.reason);
    const wanted = { ...entering.value, departmentId, status: u.active ? 1 : 0 };
    if (!existing) {
      const id = randomUUID();
      plan.users.push({ op: 'add', id, externalId: u.externalId, ...wanted, moved: false });
      plan.userLinks.set(u.externalId, id);
      byLogin.set(loginno.toLowerCase(), { id, ...wanted });
      return;
    }
    if (linked !== existing.id) plan.userLinks.set(u.externalId, existing.id);
    const moved = existing.departmentId !== departmentId;
    const changed = (['loginno', 'name', 'email', 'telephone', 'status'] as const).some(
      (k) => existing[k] !== wanted[k],
    );
    if (moved || changed) {
      byLogin.delete(existing.loginno.toLowerCase());
      byLogin.set(loginno.toLowerCase(), { ...existing, ...wanted });
      plan.users.push({ op: 'change', id: existing.id, externalId: u.externalId, ...wanted, moved });
    }
  });
  return seen;
}

/** The plan of syncing `departments` and `users` (everything the source answered) into `state`, each
 *  entry passed through `rules` (the user and department forms' own). A
 *  full sync also invalidates linked departments and resigns linked users the source no longer has;
 *  an incremental one only reads changed entries, so absence there means nothing. */
export function planSync(
  state: DomainState,
  departments: SourceDepartment[],
  users: SourceUser[],
  mode: SyncMode,
  rules: EntryRules,
): SyncPlan {
  const plan: SyncPlan = { departments: [], users: [], departmentLinks: new Map(), userLinks: new Map(), issues: [] };
  const source = new Map<string, SourceDepartment>();
  for (const d of departments) if (!source.has(d.externalId)) source.set(d.externalId, d);
  const planner = new DepartmentPlanner(state, source, plan, rules);
  for (const externalId of source.keys()) planner.visit(externalId);
  const seenUsers = planUsers(state, users, planner, plan, rules);
  if (mode !== 'full') return plan;
  for (const [externalId, id] of state.departmentLinks) {
    const d = state.departments.get(id);
    if (!source.has(externalId) && d?.valid)
      plan.departments.push({
        op: 'invalidate',
        id,
        externalId,
        name: d.name,
        superiorId: d.superiorId,
        orderNo: d.orderNo,
        level: d.level,
        moved: false,
      });
  }
  for (const [externalId, id] of state.userLinks) {
    const u = state.users.get(id);
    if (!seenUsers.has(externalId) && u?.status === 1)
      plan.users.push({ op: 'resign', externalId, ...u, status: 0, moved: false });
  }
  return plan;
}

/** The counters of a plan, in the spec's names plus what a sync also does (changes, moves, resignations). */
export function planCounts(plan: SyncPlan, read: { departments: number; users: number }): Record<string, number> {
  const count = <T>(list: T[], test: (item: T) => boolean) => list.filter(test).length;
  return {
    DEPT_ADD_SUCCESS: count(plan.departments, (d) => d.op === 'add'),
    DEPT_ADD_FAIL: count(plan.issues, (i) => i.entity === 'department'),
    DEPT_CHANGE: count(plan.departments, (d) => d.op === 'change'),
    DEPT_INVALIDATE: count(plan.departments, (d) => d.op === 'invalidate'),
    USER_ADD_SUCCESS: count(plan.users, (u) => u.op === 'add'),
    USER_ADD_FAIL: count(plan.issues, (i) => i.entity === 'user'),
    USER_CHANGE: count(plan.users, (u) => u.op === 'change'),
    USER_MOVE: count(plan.users, (u) => u.moved),
    USER_RESIGN: count(plan.users, (u) => u.op === 'resign'),
    READ_DEPTS: read.departments,
    READ_USERS: read.users,
  };
}
