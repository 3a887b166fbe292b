// A sync to a messaging suite (synch2wechat, synch2dingding, synch2feishu; docs/adr/0061-messaging-suites.md): the enterprise's
// valid departments (parents first) and its users are written to the service, what it already has
// updated where it differs, the rest created; users who left the enterprise are disabled there (never
// deleted), refused beyond the deletion cap unless confirmed. A dry run lists what would be written.
// Each entry the service refuses fails alone, with the service's own message. The departments and
// users written are linked (kind = the service) as a sync from the service links them, so the two
// directions recognise each other's entries. Runs, progress and history are the sync core's.
import type { FastifyBaseLogger } from 'fastify';
import { SYNC_COUNTERS } from '../../../core/sync-counters.ts';
import type { Db } from '../../db/schema.ts';
import { ServiceFailure } from '../../integrations/im/token-client.ts';
import { failureMessage } from '../../sync/run-sync.ts';
import { closeRun, openRun, updateRun, type NewRun } from '../../sync/runs.ts';
import type { SyncIssue } from '../../sync/plan.ts';
import type { DirectoryTarget, SourceDepartment, SourceUser } from '../../sync/source.ts';
import { activeUsers, loadState, type LocalUser } from '../../sync/state.ts';

export interface PushRequest extends Omit<NewRun, 'kind' | 'mode'> {
  service: 'wechat' | 'dingding' | 'feishu';
  target: DirectoryTarget;
  resignCap: number;
  confirmResign: boolean;
}

/** A refused entry: the issue with the service's words (written out by the run's reply). */
/** `reason`: a label (the outbound policy's reason), `serviceCode` the service's numeric code, never its words. */
export type PushIssue = SyncIssue & { reason?: string; serviceCode?: number };
type Change = {
  entity: 'department' | 'user';
  op: 'add' | 'change' | 'resign';
  name: string;
  loginno?: string;
  externalId: string;
};

const MAX_LISTED = 500;

/** What a refused entry records: the policy's reason and the service's code; its words only in the log. */
const reasonOf = (error: unknown): Pick<PushIssue, 'reason' | 'serviceCode'> => {
  if (!(error instanceof ServiceFailure))
    return { reason: (error instanceof Error ? error.message : String(error)).slice(0, 300) };
  return { reason: error.reasonLabel, ...(error.code ? { serviceCode: error.code } : {}) };
};

const sameUser = (local: LocalUser, remote: SourceUser, departments: string[]) =>
  remote.name === local.name &&
  (remote.email ?? '') === local.email &&
  (remote.telephone ?? '') === local.telephone &&
  remote.departmentExternalIds[0] === departments[0] &&
  remote.active;

async function execute(db: Db, runId: string, r: PushRequest): Promise<void> {
  const remoteDepartments = new Map<string, SourceDepartment>();
  for await (const d of r.target.listDepartments()) remoteDepartments.set(d.externalId, d);
  const remoteUsers = new Map<string, SourceUser>();
  for await (const u of r.target.listUsers()) remoteUsers.set(u.loginNumber, u);
  await updateRun(db, runId, { read_count: remoteDepartments.size + remoteUsers.size, phase: 'applying' });

  const state = await loadState(db, r.domainId, r.service);
  const serviceIdOf = new Map(
    [...state.departmentLinks].filter(([ext]) => remoteDepartments.has(ext)).map(([ext, id]) => [id, ext]),
  );
  const counts: Record<string, number> = Object.fromEntries(SYNC_COUNTERS.map((k) => [k, 0]));
  const issues: PushIssue[] = [];
  const changes: Change[] = [];
  let row = 0;

  const departments = [...state.departments.values()]
    .filter((d) => d.valid)
    .sort((a, b) => a.level - b.level || a.orderNo - b.orderNo);
  const failed = new Set<string>();
  for (const d of departments) {
    row += 1;
    const known = serviceIdOf.get(d.id);
    const parent = d.superiorId ? serviceIdOf.get(d.superiorId) : null;
    if (d.superiorId && failed.has(d.superiorId)) {
      failed.add(d.id);
      issues.push({ entity: 'department', externalId: d.id, name: d.name, code: 'im.sync.parentFailed', row });
      counts.DEPT_ADD_FAIL += 1;
      continue;
    }
    const remote = known ? remoteDepartments.get(known) : undefined;
    const op = !remote
      ? 'add'
      : remote.name !== d.name || (parent !== undefined && (remote.parentExternalId ?? null) !== (parent ?? null))
        ? 'change'
        : null;
    if (!op) continue;
    changes.push({ entity: 'department', op, name: d.name, externalId: known ?? d.id });
    if (r.dryRun) {
      counts[op === 'add' ? 'DEPT_ADD_SUCCESS' : 'DEPT_CHANGE'] += 1;
      if (op === 'add') serviceIdOf.set(d.id, `new:${d.id}`);
      continue;
    }
    try {
      const id = await r.target.upsertDepartment({
        externalId: known ?? `local:${d.id}`,
        parentExternalId: parent ?? null,
        name: d.name,
        order: d.orderNo,
      });
      serviceIdOf.set(d.id, id);
      await db
        .insertInto('sync_department_links')
        .values({ domain_id: r.domainId, kind: r.service, external_id: id, department_id: d.id })
        .onConflict((oc) => oc.columns(['domain_id', 'kind', 'external_id']).doUpdateSet({ department_id: d.id }))
        .execute();
      counts[op === 'add' ? 'DEPT_ADD_SUCCESS' : 'DEPT_CHANGE'] += 1;
    } catch (error) {
      failed.add(d.id);
      counts.DEPT_ADD_FAIL += 1;
      issues.push({
        entity: 'department',
        externalId: d.id,
        name: d.name,
        code: 'im.sync.refused',
        ...reasonOf(error),
        row,
      });
    }
  }

  const leavers = [...state.users.values()].filter((u) => u.status !== 1 && remoteUsers.get(u.loginno)?.active);
  const overCap = leavers.length > 0 && leavers.length * 100 > r.resignCap * (await activeUsers(db, r.domainId));
  const refused = overCap && !r.confirmResign && !r.dryRun;
  for (const u of refused ? [] : state.users.values()) {
    row += 1;
    const remote = remoteUsers.get(u.loginno);
    if (u.status !== 1) {
      if (!remote?.active) continue;
      changes.push({ entity: 'user', op: 'resign', name: u.name, loginno: u.loginno, externalId: u.loginno });
      if (!r.dryRun) {
        try {
          await r.target.disableUser(u.loginno);
        } catch (error) {
          issues.push({
            entity: 'user',
            externalId: u.loginno,
            name: u.name,
            loginno: u.loginno,
            code: 'im.sync.refused',
            ...reasonOf(error),
            row,
          });
          continue;
        }
      }
      counts.USER_RESIGN += 1;
      continue;
    }
    const department = u.departmentId ? serviceIdOf.get(u.departmentId) : undefined;
    const departmentIds = department ? [department] : [];
    if (remote && sameUser(u, remote, departmentIds)) continue;
    const op = remote ? 'change' : 'add';
    changes.push({ entity: 'user', op, name: u.name, loginno: u.loginno, externalId: u.loginno });
    const entry: SourceUser = {
      externalId: u.loginno,
      loginNumber: u.loginno,
      name: u.name,
      departmentExternalIds: departmentIds,
      email: u.email || undefined,
      telephone: u.telephone || undefined,
      active: true,
    };
    try {
      if (!r.dryRun) {
        await r.target.upsertUser(entry);
        await db
          .insertInto('sync_user_links')
          .values({ domain_id: r.domainId, kind: r.service, external_id: u.loginno, user_id: u.id })
          .onConflict((oc) => oc.columns(['domain_id', 'kind', 'external_id']).doUpdateSet({ user_id: u.id }))
          .execute();
      }
      counts[op === 'add' ? 'USER_ADD_SUCCESS' : 'USER_CHANGE'] += 1;
    } catch (error) {
      counts.USER_ADD_FAIL += 1;
      issues.push({
        entity: 'user',
        externalId: u.loginno,
        name: u.name,
        loginno: u.loginno,
        email: u.email,
        telephone: u.telephone,
        code: 'im.sync.refused',
        ...reasonOf(error),
        row,
      });
    }
  }
  if (refused) counts.USER_RESIGN = leavers.length;
  await closeRun(db, runId, {
    status: refused ? 'refused' : 'succeeded',
    counts: { ...counts, RESIGN_CAP: r.resignCap, ACTIVE_USERS: await activeUsers(db, r.domainId) },
    errors: issues.slice(0, MAX_LISTED),
    changes: changes.slice(0, MAX_LISTED),
    message: refused ? 'sync.msg.resignCap' : '',
  });
}

export async function startPush(
  db: Db,
  request: PushRequest,
  log?: FastifyBaseLogger,
): Promise<{ runId: string; finished: Promise<void> }> {
  const runId = await openRun(db, { ...request, kind: `${request.service}-to`, mode: 'full' });
  const finished = execute(db, runId, request).catch(async (error: unknown) => {
    log?.warn({ err: error, runId, domainId: request.domainId }, 'messaging sync failed');
    await closeRun(db, runId, { status: 'failed', message: failureMessage(error) }).catch(() => undefined);
  });
  return { runId, finished };
}
