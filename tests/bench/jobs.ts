// The job figures on PostgreSQL (docs/adr/0140-jobs-in-flow-monitoring.md): BENCH_TIMERS (10,000)
// timers due at the same instant, fired by the job pollers of two server processes sharing the database
// (serve.ts with BENCH_JOBS=on, the poller as `npm start` runs it): the last fires within 10 s of the due
// time and none fires twice. Then BENCH_EXTERNAL (5,000) external tasks fetched and locked through the
// runtime REST by two workers, one per server, 100 a call: ≥ 1,000 tasks/s, none locked twice.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../src/server/db/schema.ts';
import { exchangeSecret, regenerateSecret } from '../../src/server/areas/open-api/tokens.ts';
import { startInstance } from '../../src/server/workflow/actions.ts';
import { machineCpu, traceLines } from './jobs-trace.ts';
import { serverProcess, stopServers } from './server-process.ts';

const TIMERS = Number(process.env.BENCH_TIMERS ?? 10_000);
const EXTERNAL = Number(process.env.BENCH_EXTERNAL ?? 5_000);
const STARTS_AT_ONCE = 8;

const doc = (id: string, body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d" targetNamespace="urn:bench">
  <process id="${id}" isExecutable="true"><startEvent id="s" /><sequenceFlow id="f1" sourceRef="s" targetRef="w" />${body}
    <sequenceFlow id="f2" sourceRef="w" targetRef="e" /><endEvent id="e" /></process>
</definitions>`;
const PROCESSES = {
  'bench-timer': doc(
    'bench-timer',
    '<intermediateCatchEvent id="w"><timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition></intermediateCatchEvent>',
  ),
  'bench-external': doc('bench-external', '<serviceTask id="w" camunda:type="external" camunda:topic="bench" />'),
};

export interface Place {
  domainId: string;
  applicationId: string;
  initiatorId: string;
  userCode: string;
}

export async function installJobsBench(db: Db): Promise<Place> {
  const user = await db
    .selectFrom('users as u')
    .innerJoin('domains as d', 'd.id', 'u.domain_id')
    .select(['u.id', 'u.loginno', 'u.domain_id'])
    .where('d.name', '=', 'Acme')
    .where('u.status', '=', 1)
    .orderBy('u.loginno')
    .executeTakeFirstOrThrow();
  const applicationId = `bench-jobs-${randomUUID()}`;
  await db.insertInto('applications').values({ id: applicationId, domain_id: null, name: 'Bench jobs' }).execute();
  await db
    .insertInto('domain_applications')
    .values({ domain_id: user.domain_id, application_id: applicationId })
    .execute();
  await db
    .insertInto('app_processes')
    .values(
      Object.entries(PROCESSES).map(([id, bpmn]) => ({
        application_id: applicationId,
        id,
        names: JSON.stringify({ en: id }),
        form_id: 'form',
        bpmn,
      })),
    )
    .execute();
  return { domainId: user.domain_id, applicationId, initiatorId: user.id, userCode: user.loginno };
}

/** `count` instances of the process, STARTS_AT_ONCE at a time; answers their ids. */
export async function startedInstances(db: Db, place: Place, processId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += STARTS_AT_ONCE) {
    const batch = Array.from({ length: Math.min(STARTS_AT_ONCE, count - i) }, () =>
      startInstance(db, { ...place, processId }).then((r) => r.instanceId),
    );
    ids.push(...(await Promise.all(batch)));
  }
  return ids;
}

export interface TimerFigures {
  timers: number;
  lateSeconds: number;
  fired: number;
  twice: number;
  /** Epoch ms of the due time. */
  due: number;
  /** The bench's own progress queries while firing: how many, their total wall time. */
  polls: number;
  pollMs: number;
  /** The machine's busy share (all cores, every program) from the due time to the last check. */
  machineBusy: number;
}

async function timers(db: Db, place: Place): Promise<TimerFigures> {
  await startedInstances(db, place, 'bench-timer', TIMERS);
  // Every timer due at one instant a few seconds ahead, once both servers poll.
  const { rows } = await sql<{
    due: Date;
  }>`update flow_jobs set due_at = date_trunc('second', now()) + interval '5 seconds'
    where instance_id in (select id from flow_instances where application_id = ${place.applicationId} and process_id = 'bench-timer')
    returning due_at as due`.execute(db);
  const due = rows[0].due;
  const count = async () => {
    const { rows: n } = await sql<{ fired: string; twice: string; last: Date | null }>`
      select count(*) as fired, count(*) filter (where n > 1) as twice, max(last) as last from (
        select h.instance_id, count(*) as n, max(h.at) as last from flow_history h join flow_instances i on i.id = h.instance_id
        where i.application_id = ${place.applicationId} and i.process_id = 'bench-timer' and h.action = 'auto' and h.node_id = 'w'
        group by h.instance_id) f`.execute(db);
    return n[0];
  };
  const deadline = due.getTime() + 120_000;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, due.getTime() - Date.now())));
  const cpuAtDue = machineCpu();
  let polls = 0;
  let pollMs = 0;
  // While firing, the timers left: a count on the due-time index, light beside the pollers' work (the
  // history's join and group, once each 250 ms, took a fifth of the run under load); the history once at the end.
  const left = async () => {
    const start = performance.now();
    const { rows: n } = await sql<{ left: string }>`select count(*) as left from flow_jobs
      where kind = 'timer' and failed_at is null and due_at = ${due}`.execute(db);
    polls++;
    pollMs += performance.now() - start;
    return Number(n[0].left);
  };
  while ((await left()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
  const figures = await count();
  const cpuAtEnd = machineCpu();
  return {
    due: due.getTime(),
    polls,
    pollMs,
    machineBusy: (cpuAtEnd.busy - cpuAtDue.busy) / (cpuAtEnd.total - cpuAtDue.total),
    timers: TIMERS,
    fired: Number(figures.fired),
    twice: Number(figures.twice),
    lateSeconds: figures.last ? (figures.last.getTime() - due.getTime()) / 1000 : Infinity,
  };
}

export interface FetchFigures {
  tasks: number;
  seconds: number;
  perSecond: number;
  lockedTwice: number;
}

async function fetchAndLock(db: Db, place: Place, bases: string[]): Promise<FetchFigures> {
  await startedInstances(db, place, 'bench-external', EXTERNAL);
  const { secret } = await regenerateSecret(db, place.domainId);
  const { accessToken } = (await exchangeSecret(db, secret))!;
  const query = new URLSearchParams({ accessToken, userCode: place.userCode });
  const locked: string[] = [];
  const startedAt = performance.now();
  await Promise.all(
    bases.map(async (base, n) => {
      for (;;) {
        const reply = await fetch(`${base}/rest/bpm/external-task/fetch-and-lock?${query}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            workerId: `bench-worker-${n}`,
            maxTasks: 100,
            topics: [{ topicName: 'bench', lockDuration: 600_000 }],
          }),
        });
        const body = (await reply.json()) as { errcode: number; errmsg: string; data: Array<{ id: string }> };
        if (body.errcode !== 0) throw new Error(`fetch-and-lock refused: ${body.errmsg}`);
        if (body.data.length === 0) return;
        locked.push(...body.data.map((t) => t.id));
      }
    }),
  );
  const seconds = (performance.now() - startedAt) / 1000;
  return {
    tasks: locked.length,
    seconds,
    perSecond: locked.length / seconds,
    lockedTwice: locked.length - new Set(locked).size,
  };
}

/** Runs both figures and prints them; answers whether both met their targets. */
export async function benchJobs(db: Db, serverEnv: Record<string, string>): Promise<boolean> {
  const place = await installJobsBench(db);
  const traces = [1, 2].map((n) => `${serverEnv.BENCH_DATA_DIR}/jobs-trace-${n}.jsonl`);
  const servers = await Promise.all(
    traces.map((path) => serverProcess({ ...serverEnv, BENCH_JOBS: 'on', BENCH_JOBS_TRACE: path })),
  );
  try {
    const t = await timers(db, place);
    const timersOk = t.fired === t.timers && t.twice === 0 && t.lateSeconds <= 10;
    console.log(
      `\njobs: ${t.timers} timers due at once, two servers: ${t.fired} fired, ${t.twice} twice, the last ${t.lateSeconds.toFixed(1)} s after the due time (target ≤ 10 s) ${timersOk ? 'ok' : 'MISSED'}`,
    );
    console.log(
      `jobs: the machine ${(t.machineBusy * 100).toFixed(0)} % busy meanwhile (every program); the bench's progress query ` +
        `${t.polls} times, ${(t.pollMs / 1000).toFixed(2)} s in all`,
    );
    for (const line of traceLines(traces, t.due)) console.log(`jobs: ${line}`);
    const f = await fetchAndLock(
      db,
      place,
      servers.map((s) => s.base),
    );
    const fetchOk = f.tasks === EXTERNAL && f.lockedTwice === 0 && f.perSecond >= 1000;
    console.log(
      `jobs: external-task fetch-and-lock, two workers on two servers, 100 a call: ${f.tasks} tasks in ${f.seconds.toFixed(2)} s = ${f.perSecond.toFixed(0)} tasks/s (target ≥ 1,000), ${f.lockedTwice} locked twice ${fetchOk ? 'ok' : 'MISSED'}`,
    );
    return timersOk && fetchOk;
  } finally {
    await stopServers(servers.map((s) => s.child));
  }
}
