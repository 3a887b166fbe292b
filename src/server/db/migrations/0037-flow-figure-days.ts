// The workflow dashboard's past days, kept (docs/adr/0076-dashboard-kept-days.md). A period is whole past days plus today; a past day's
// figures are computed once per day and hours key (the default calendar's fingerprint, or wall-clock)
// and kept in flow_figure_days. What may change them afterwards is any write to a row whose figure
// falls on an earlier moment: row triggers on flow_instances and flow_tasks count such writes per hour
// of the moment they touch (flow_figure_changes), whoever writes (the engine, a replay at an earlier
// moment, a deletion, direct SQL). A kept day holds the count of its hours at the time it was
// computed and is used only while that count is unchanged. The triggers' conditions leave out the
// engine's ordinary writes (moments of the last hour), so they call no function and lock nothing then.
import { sql, type Kysely, type RawBuilder } from 'kysely';

/** Moments at least this old count as changes to a past day; the dashboard keeps only days that ended
 *  longer ago than this plus the longest an engine transaction may take (stored-days.ts). */
export const FIGURE_CHANGE_AFTER_MS = 3_600_000;
const RECENT = `now() - interval '${FIGURE_CHANGE_AFTER_MS / 1000} seconds'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table flow_figure_days (
    domain_id text not null references domains (id) on delete cascade,
    application_id text not null references applications (id) on delete cascade,
    -- Whose hours: the default calendar's fingerprint or wall-clock, and the server's time zone.
    hours_key text not null,
    day_start timestamptz not null,
    day_end timestamptz not null,
    -- flow_figure_changes' sum over the day's hours when it was computed.
    changes bigint not null,
    -- {process id: [instances completed, their seconds, tasks submitted, their seconds, instances started]}
    figures jsonb not null,
    -- The day's ten slowest submitted tasks: [[task id, seconds], …], slowest first.
    slowest jsonb not null,
    primary key (domain_id, application_id, hours_key, day_start)
  )`.execute(db);
  // No foreign keys: a cascade deleting an enterprise writes here while its row is going.
  await sql`create table flow_figure_changes (
    domain_id text not null,
    application_id text not null,
    hour bigint not null,
    changes bigint not null default 1,
    primary key (domain_id, application_id, hour)
  )`.execute(db);

  // The moments whose figures a write changed: an instance counts where it started (unless deleted) and,
  // completed, where it completed (with its duration); a task submitted where it was done.
  await sql`create function flow_figure_changed() returns trigger language plpgsql as $$
    declare
      o timestamptz[] := '{null,null,null}';
      n timestamptz[] := '{null,null,null}';
      moments timestamptz[] := '{}';
      scope record;
    begin
      if tg_op = 'DELETE' then scope := old; else scope := new; end if;
      if tg_table_name = 'flow_instances' then
        if tg_op <> 'INSERT' then
          o := array[case when old.status <> 'deleted' then old.started_at end,
            case when old.status = 'completed' then old.completed_at end, case when old.status = 'completed' then old.started_at end];
        end if;
        if tg_op <> 'DELETE' then
          n := array[case when new.status <> 'deleted' then new.started_at end,
            case when new.status = 'completed' then new.completed_at end, case when new.status = 'completed' then new.started_at end];
        end if;
        if o[1] is distinct from n[1] then moments := moments || o[1] || n[1]; end if;
        if (o[2], o[3]) is distinct from (n[2], n[3]) then moments := moments || o[2] || n[2]; end if;
      else
        if tg_op <> 'INSERT' and old.status = 'done' then o := array[old.done_at, old.created_at, null]; end if;
        if tg_op <> 'DELETE' and new.status = 'done' then n := array[new.done_at, new.created_at, null]; end if;
        if (o[1], o[2]) is distinct from (n[1], n[2]) then moments := moments || o[1] || n[1]; end if;
      end if;
      insert into flow_figure_changes as c (domain_id, application_id, hour)
        select distinct scope.domain_id, scope.application_id, floor(date_part('epoch', m) / 3600)::bigint
        from unnest(moments) m where m < ${sql.raw(RECENT)} and scope.domain_id is not null
        on conflict (domain_id, application_id, hour) do update set changes = c.changes + 1;
      return null;
    end $$`.execute(db);

  const old = (column: string) => sql.raw(`old.${column} < ${RECENT}`);
  const neu = (column: string) => sql.raw(`new.${column} < ${RECENT}`);
  const trigger = (name: string, when: string, table: string, condition: RawBuilder<unknown>) =>
    sql`create trigger ${sql.raw(name)} after ${sql.raw(when)} on ${sql.table(table)} for each row when (${condition})
      execute function flow_figure_changed()`.execute(db);
  // Instances: a start at an earlier moment (a replay); a change of status or moments touching one; a removal.
  await trigger('flow_instances_figures_in', 'insert', 'flow_instances', neu('started_at'));
  await trigger(
    'flow_instances_figures_up',
    'update',
    'flow_instances',
    sql`(old.status, old.started_at, old.completed_at) is distinct from (new.status, new.started_at, new.completed_at)
      and (${old('started_at')} or ${neu('started_at')} or ${old('completed_at')} or ${neu('completed_at')})`,
  );
  await trigger(
    'flow_instances_figures_out',
    'delete',
    'flow_instances',
    sql`(old.status <> 'deleted' and ${old('started_at')}) or ${old('completed_at')}`,
  );
  // Tasks: one submitted at an earlier moment, re-opened, re-dated or removed.
  await trigger('flow_tasks_figures_in', 'insert', 'flow_tasks', sql`new.status = 'done' and ${neu('done_at')}`);
  await trigger(
    'flow_tasks_figures_up',
    'update',
    'flow_tasks',
    sql`(old.status = 'done' and ${old('done_at')}) or (new.status = 'done' and ${neu('done_at')})`,
  );
  await trigger('flow_tasks_figures_out', 'delete', 'flow_tasks', sql`old.status = 'done' and ${old('done_at')}`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, triggers] of [
    ['flow_instances', 'flow_instances_figures'],
    ['flow_tasks', 'flow_tasks_figures'],
  ]) {
    for (const suffix of ['in', 'up', 'out'])
      await sql`drop trigger ${sql.raw(`${triggers}_${suffix}`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function flow_figure_changed()`.execute(db);
  await sql`drop table flow_figure_days, flow_figure_changes`.execute(db);
}
