// The users name search of a large tenant read from its names' pieces in the list's order
// (docs/adr/0249-name-pieces-for-large-tenants.md):
// - user_name_pieces: per user of a tenant listed in name_piece_tenants, each distinct piece of one, two
//   or three characters of lower(name), keyed (tenant, piece, order number, name, user): one piece's
//   range is its matches in the list's order (`lower(name) like '%abc%'` holds exactly when `abc` is a
//   piece, as docs/adr/0115-short-fragment-search.md's pieces);
// - name_piece_tenants: the tenants whose pieces are kept (those past a size, listed and filled in the
//   background by areas/users/name-pieces-fill.ts), where the fill has reached in the list's order and
//   whether it is complete (the search reads the pieces only then);
// - one statement trigger function on users, for every statement that writes users (a save, a rename, a
//   move, an import, a sync, a transfer, a deletion), keeps the pieces of the listed tenants in the
//   writing transaction. A statement writing no listed tenant's users returns after one probe of the
//   listed tenants by its rows' tenants, so the writes of small tenants pay next to nothing (0235's
//   triggers for every tenant cost +50 %).
// Nothing is filled here: the migration is quick whatever the tables hold.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Immutable (a function of its argument alone); the distinct pieces, so a name's piece is one row.
  await sql`create function name_pieces(t text) returns text[] language sql immutable strict parallel safe as $$
    select coalesce(array_agg(distinct substr(lower(t), i, k)), '{}')
      from generate_series(1, char_length(t)) as i, generate_series(1, 3) as k
      where i + k - 1 <= char_length(t)
  $$`.execute(db);
  await sql`create table name_piece_tenants (
    domain_id text primary key references domains (id) on delete cascade,
    after_order_no integer,
    after_name text,
    after_id text,
    complete boolean not null default false,
    listed_at timestamptz not null default now(),
    completed_at timestamptz
  )`.execute(db);
  await sql`create table user_name_pieces (
    domain_id text not null,
    piece text not null,
    order_no integer not null,
    name text not null,
    user_id text not null,
    primary key (domain_id, piece, order_no, name, user_id)
  )`.execute(db);
  // The search's estimated totals are the planner's figure of a piece: with the default statistics a
  // tenant's common Chinese character (14,300 users at 1M) was planned at 3,600.
  await sql`alter table user_name_pieces alter column piece set statistics 1000`.execute(db);
  // The inserts cannot meet a key already there (the fill skips users being written, locks those it reads,
  // and a new user's pieces are the trigger's alone until it commits), so they go without ON CONFLICT,
  // which cost them 30 buffers a row instead of 17 (docs/adr/0249-name-pieces-for-large-tenants.md).
  // A gone or renamed user's pieces are deleted by their whole key: without statistics of the transition
  // tables (nor, on PGlite, of any table) the planner may otherwise read the whole pieces table for a few
  // rows (docs/adr/0235-name-grams-in-list-order.md: a directory sync's PGlite test went from 43 s to 94 s).
  await sql`create function user_name_pieces_apply() returns trigger language plpgsql
    set enable_seqscan = off set enable_hashjoin = off set enable_mergejoin = off as $$
    begin
      -- A write of users of no listed tenant (every write while none is listed) returns after one probe
      -- of the listed tenants by its rows' tenants: the statements below cost a small tenant's single-row
      -- write about 11 % of its time in the database once any tenant is listed, this probe about 3 %
      -- (docs/adr/0249-name-pieces-for-large-tenants.md). A statement's transition tables are its
      -- operation's own: an insert has no gone, a delete no added.
      if tg_op = 'INSERT' then
        if not exists (select 1 from name_piece_tenants t where t.domain_id in (select domain_id from added))
          then return null; end if;
      elsif tg_op = 'DELETE' then
        if not exists (select 1 from name_piece_tenants t where t.domain_id in (select domain_id from gone))
          then return null; end if;
      elsif not exists (select 1 from name_piece_tenants t where t.domain_id in (select domain_id from added
          union all select domain_id from gone)) then return null;
      end if;
      if tg_op = 'DELETE' then
        delete from user_name_pieces p using (
            select g.domain_id, unnest(name_pieces(g.name)) as piece, g.order_no, g.name, g.id
            from gone g join name_piece_tenants t on t.domain_id = g.domain_id) o
          where p.domain_id = o.domain_id and p.piece = o.piece and p.order_no = o.order_no
            and p.name = o.name and p.user_id = o.id;
      elsif tg_op = 'UPDATE' then
        delete from user_name_pieces p using (
            select g.domain_id, unnest(name_pieces(g.name)) as piece, g.order_no, g.name, g.id
            from gone g join name_piece_tenants t on t.domain_id = g.domain_id
            where not exists (select 1 from added a where a.id = g.id and a.domain_id = g.domain_id
              and a.order_no = g.order_no and a.name = g.name)) o
          where p.domain_id = o.domain_id and p.piece = o.piece and p.order_no = o.order_no
            and p.name = o.name and p.user_id = o.id;
        insert into user_name_pieces (domain_id, piece, order_no, name, user_id)
          select a.domain_id, unnest(name_pieces(a.name)), a.order_no, a.name, a.id
          from added a join name_piece_tenants t on t.domain_id = a.domain_id
          where not exists (select 1 from gone g where g.id = a.id and g.domain_id = a.domain_id
            and g.order_no = a.order_no and g.name = a.name);
      else
        insert into user_name_pieces (domain_id, piece, order_no, name, user_id)
          select a.domain_id, unnest(name_pieces(a.name)), a.order_no, a.name, a.id
          from added a join name_piece_tenants t on t.domain_id = a.domain_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger users_name_pieces_insert after insert on users referencing new table as added
    for each statement execute function user_name_pieces_apply()`.execute(db);
  await sql`create trigger users_name_pieces_delete after delete on users referencing old table as gone
    for each statement execute function user_name_pieces_apply()`.execute(db);
  await sql`create trigger users_name_pieces_update after update on users referencing old table as gone new table as added
    for each statement execute function user_name_pieces_apply()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger users_name_pieces_update on users`.execute(db);
  await sql`drop trigger users_name_pieces_delete on users`.execute(db);
  await sql`drop trigger users_name_pieces_insert on users`.execute(db);
  await sql`drop function user_name_pieces_apply()`.execute(db);
  await sql`drop table user_name_pieces, name_piece_tenants`.execute(db);
  await sql`drop function name_pieces(text)`.execute(db);
}
