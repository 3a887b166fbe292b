// The submit target (docs/adr/0052-workflow-bench-million-instances.md): approvers' tasks submitted through the runtime REST (`POST
// /rest/bpm/runtime/submission`, docs/adr/0045-workflow-runtime-access-token.md) across two server processes sharing the PostgreSQL database,
// each task once; then the database must show every one done exactly once and each instance's next
// step (HR's tasks, or the completion) made exactly once.
import autocannon from 'autocannon';
import { sql } from 'kysely';
import type { Db } from '../../src/server/db/schema.ts';
import { exchangeSecret, regenerateSecret } from '../../src/server/areas/open-api/tokens.ts';
import { CONNECTIONS } from './load.ts';
import { serverProcess, stopServers } from './server-process.ts';
import { GENERATED_PREFIX, type FlowDataSet } from './workflow-data.ts';

const SUBMITS = Number(process.env.BENCH_SUBMITS ?? 10_000);

export interface SubmitFigures {
  actions: number;
  seconds: number;
  perSecond: number;
  errors: number;
  lost: number;
  duplicated: number;
  wrongNext: number;
}

interface Submission {
  instanceId: string;
  processId: string;
  userCode: string;
}

/** The open manager tasks of the generated instances (not the demo's), with who holds them. */
async function openTasks(db: Db, data: FlowDataSet, count: number): Promise<Submission[]> {
  const { rows } =
    await sql<Submission>`select t.instance_id as "instanceId", t.process_id as "processId", u.loginno as "userCode"
    from flow_tasks t join users u on u.id = t.assignee_id
    where t.domain_id = ${data.domainId} and t.application_id = ${data.applicationId} and t.status = 'open' and t.node_id = 'manager'
      and t.instance_id like ${`${GENERATED_PREFIX}%`}
    order by t.instance_id limit ${count}`.execute(db);
  return rows;
}

/** Submits each task once, spread over the servers (each takes every other one), CONNECTIONS at a time
 *  per server. A refusal is an error even when its HTTP status is 200 (the envelope's errcode). Timed
 *  to the last reply: autocannon itself ends only at its next whole-second sample. */
async function submitAll(
  bases: string[],
  submissions: Submission[],
  query: Record<string, string>,
): Promise<{ seconds: number; errors: number }> {
  const started = performance.now();
  let refused = 0;
  let last = started;
  const runs = bases.map((base, index) => {
    const mine = submissions.filter((_, n) => n % bases.length === index);
    let next = 0;
    return autocannon({
      url: base,
      connections: CONNECTIONS,
      amount: mine.length,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ comment: 'bench' }),
          setupRequest: (request) => {
            const task = mine[next++ % mine.length];
            const params = new URLSearchParams({
              ...query,
              userCode: task.userCode,
              flowId: task.processId,
              instanceId: task.instanceId,
            });
            return { ...request, path: `/rest/bpm/runtime/submission?${params}` };
          },
          onResponse: (_status, body) => {
            last = performance.now();
            if ((JSON.parse(body) as { errcode: number }).errcode !== 0) refused++;
          },
        },
      ],
    });
  });
  const results = await Promise.all(runs);
  return {
    seconds: (last - started) / 1000,
    errors: refused + results.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
  };
}

/** Per submitted instance: the manager's task done once and submitted once (else lost or duplicated),
 *  and the next step made once: a leave over 3 days waits at HR (one token, a task per HR holder),
 *  anything else completed once. */
async function verify(db: Db, data: FlowDataSet, ids: string[]) {
  const { rows } = await sql<{ found: number; lost: number; duplicated: number; wrong_next: number }>`
    with hr as (select count(*)::int as holders from users u join role_users h on h.user_id = u.id join app_roles r on r.id = h.role_id
        where u.domain_id = ${data.domainId} and u.status = 1 and r.application_id = ${data.applicationId} and r.package_role = 'hr'),
      per as (
        select i.status, i.process_id = 'leave-approval' and (i.form_data ->> 'days')::int > 3 as via_hr,
          (select count(*) from flow_tasks t where t.instance_id = i.id and t.node_id = 'manager' and t.status = 'done') as done,
          (select count(*) from flow_history h where h.instance_id = i.id and h.action = 'submit' and h.node_id = 'manager') as submits,
          (select count(*) from flow_tasks t where t.instance_id = i.id and t.node_id = 'hr') as hr_tasks,
          (select count(*) from flow_tokens k where k.instance_id = i.id) as tokens,
          (select count(*) from flow_history h where h.instance_id = i.id and h.action = 'complete') as completions
        from flow_instances i where i.id = any(${ids}::text[]))
    select count(*)::int as found, count(*) filter (where done = 0 or submits = 0)::int as lost,
      count(*) filter (where done > 1 or submits > 1 or tokens > 1 or completions > 1 or hr_tasks > hr.holders)::int as duplicated,
      count(*) filter (where case when via_hr then status <> 'running' or tokens <> 1 or hr_tasks <> hr.holders
        else status <> 'completed' or tokens <> 0 or completions <> 1 end)::int as wrong_next
    from per, hr`.execute(db);
  return {
    lost: rows[0].lost + ids.length - rows[0].found,
    duplicated: rows[0].duplicated,
    wrongNext: rows[0].wrong_next,
  };
}

export async function benchSubmits(db: Db, data: FlowDataSet, env: Record<string, string>): Promise<SubmitFigures> {
  const servers = await Promise.all([serverProcess(env), serverProcess(env)]);
  try {
    const { secret } = await regenerateSecret(db, data.domainId);
    const { accessToken } = (await exchangeSecret(db, secret))!;
    const submissions = await openTasks(db, data, SUBMITS);
    const { seconds, errors } = await submitAll(
      servers.map((s) => s.base),
      submissions,
      { accessToken, applicationId: data.applicationId },
    );
    const checked = await verify(
      db,
      data,
      submissions.map((s) => s.instanceId),
    );
    return { actions: submissions.length, seconds, perSecond: submissions.length / seconds, errors, ...checked };
  } finally {
    await stopServers(servers.map((s) => s.child));
  }
}
