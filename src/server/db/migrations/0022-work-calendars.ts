// Work calendars of an enterprise (spec/domain-console.md, "The calls it makes" (Calendars), docs/adr/0055-work-calendars.md): a name unique in the enterprise, a
// time zone, the work week as JSON (per ISO weekday: working, ranges), one default per enterprise; and
// the exception days (a date range, holiday or extra working day, with its own ranges).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table work_calendars (
    id text primary key,
    domain_id text not null references domains (id) on delete cascade,
    name text not null,
    time_zone text not null default 'Asia/Shanghai',
    week jsonb not null,
    is_default boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create unique index work_calendars_name on work_calendars (domain_id, lower(name))`.execute(db);
  await sql`create unique index work_calendars_default on work_calendars (domain_id) where is_default`.execute(db);
  await sql`create table calendar_special_days (
    id text primary key,
    calendar_id text not null references work_calendars (id) on delete cascade,
    start_date text not null,
    end_date text not null,
    kind text not null check (kind in ('holiday', 'workday')),
    name text not null default '',
    ranges jsonb not null default '[]'::jsonb,
    created_at timestamptz not null default now()
  )`.execute(db);
  // users.calendar_id (migration 0010) names a calendar; a calendar in use cannot be deleted.
  await sql`create index users_calendar on users (calendar_id) where calendar_id is not null`.execute(db);
  await sql`create index calendar_special_days_calendar on calendar_special_days (calendar_id, start_date)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index users_calendar`.execute(db);
  await sql`drop table calendar_special_days`.execute(db);
  await sql`drop table work_calendars`.execute(db);
}
