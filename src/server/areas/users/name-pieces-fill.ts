// The names' pieces of large tenants, listed and filled in the background
// (docs/adr/0249-name-pieces-for-large-tenants.md; the table and its trigger: migration 0071).
// - A tenant past `above` users (user_totals) is listed in name_piece_tenants. The listing waits for the
//   writers of users already running (a SHARE lock, a moment), so every later write of the tenant's users
//   keeps its pieces through the trigger; the fill then covers the users written before.
// - The fill walks the tenant's users in the list's order, `batch` users per short transaction, from the
//   place stored with the tenant (so a restart resumes there), and writes their pieces in the key's order
//   (one piece's range then lies on few heap pages, read in order by the search). It locks the batch's
//   users FOR SHARE NOWAIT: a user being written by another transaction makes the batch give way and come
//   back later (the writer's trigger writes that user's pieces; a fill that waited could deadlock it), and
//   a user the batch read cannot be renamed before its pieces are in. Pieces already there are kept.
// - The last batch marks the tenant complete, then the table is vacuumed and analysed (index-only walks
//   need its visibility map; the search's estimates its statistics); only then does the search read it.
// Every step is an awaited statement with a pause between batches, so requests are served meanwhile.
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';

export interface NamePiecesOptions {
  /** Tenants with more users than this get their names' pieces (ATRIUM_NAME_PIECES_ABOVE, default 20,000; 0 = none). */
  above: number;
  /** Users a fill transaction writes the pieces of (default 1,000). */
  batch: number;
  /** Pause between two batches (ms), and between two looks for tenants past the size (`everyMs`). */
  pauseMs: number;
  everyMs: number;
}

/** ATRIUM_NAME_PIECES_ABOVE, ATRIUM_NAME_PIECES_BATCH, defaults 20,000 and 1,000 users. */
export function namePiecesFromEnv(env: NodeJS.ProcessEnv = process.env): NamePiecesOptions {
  const number = (name: string, fallback: number) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, not "${env[name]}"`);
    return value;
  };
  return {
    above: number('ATRIUM_NAME_PIECES_ABOVE', 20_000),
    batch: number('ATRIUM_NAME_PIECES_BATCH', 1_000),
    pauseMs: 50,
    everyMs: 60_000,
  };
}

const LOCK_NOT_AVAILABLE = '55P03';

/** Lists the tenants past `above` users not listed yet; their ids. Waits at most 2 s for the writers of
 *  users (a bulk import may hold them longer: the next look lists the tenant). */
export async function listLargeTenants(db: Db, above: number): Promise<string[]> {
  const unlisted = await sql<{ domain_id: string }>`select t.domain_id from user_totals t
    where t.users > ${above} and not exists (select 1 from name_piece_tenants n where n.domain_id = t.domain_id)`.execute(
    db,
  );
  if (unlisted.rows.length === 0) return [];
  return listTenants(
    db,
    unlisted.rows.map((r) => r.domain_id),
  );
}

/** Lists `domainIds` for their pieces (after the writers of users running now); the ones listed now. */
export async function listTenants(db: Db, domainIds: string[]): Promise<string[]> {
  try {
    return await db.transaction().execute(async (trx) => {
      await sql`set local lock_timeout = 2000`.execute(trx);
      await sql`lock table users in share mode`.execute(trx);
      const listed = await sql<{ domain_id: string }>`insert into name_piece_tenants (domain_id)
        select id from domains where id = any(${domainIds}::text[]) on conflict do nothing returning domain_id`.execute(
        trx,
      );
      return listed.rows.map((r) => r.domain_id);
    });
  } catch (error) {
    if ((error as { code?: string }).code === LOCK_NOT_AVAILABLE) return [];
    throw error;
  }
}

/** One batch of a listed tenant's fill: 'more' to do, 'complete' (now or before), or 'busy' (another
 *  filler holds the tenant, or a user of the batch is being written: try again later). */
export async function fillBatch(db: Db, domainId: string, batch: number): Promise<'more' | 'complete' | 'busy'> {
  try {
    const done = await db.transaction().execute(async (trx) => {
      const state = await sql<{
        after_order_no: number | null;
        after_name: string | null;
        after_id: string | null;
        complete: boolean;
      }>`
        select after_order_no, after_name, after_id, complete from name_piece_tenants
        where domain_id = ${domainId} for update skip locked`.execute(trx);
      const at = state.rows[0];
      if (!at) return 'busy';
      if (at.complete) return 'complete';
      const after =
        at.after_id === null
          ? sql`true`
          : sql`(u.order_no, u.name, u.id) > (${at.after_order_no}, ${at.after_name}, ${at.after_id})`;
      const read = await sql<{ order_no: number; name: string; id: string; n: number }>`
        with batch as materialized (
          select u.id, u.domain_id, u.order_no, u.name from users u where u.domain_id = ${domainId} and ${after}
          order by u.order_no, u.name, u.id limit ${batch} for share nowait),
        written as (
          insert into user_name_pieces (domain_id, piece, order_no, name, user_id)
            select b.domain_id, p.piece, b.order_no, b.name, b.id from batch b, unnest(name_pieces(b.name)) as p(piece)
            order by 2, 3, 4, 5
          on conflict do nothing)
        select order_no, name, id, (select count(*) from batch)::int as n from batch
        order by order_no desc, name desc, id desc limit 1`.execute(trx);
      const last = read.rows[0];
      if (!last || last.n < batch) {
        await sql`update name_piece_tenants set complete = true, completed_at = now() where domain_id = ${domainId}`.execute(
          trx,
        );
        return 'completing';
      }
      await sql`update name_piece_tenants set after_order_no = ${last.order_no}, after_name = ${last.name},
        after_id = ${last.id} where domain_id = ${domainId}`.execute(trx);
      return 'more';
    });
    if (done !== 'completing') return done;
    await sql`vacuum analyze user_name_pieces`.execute(db);
    return 'complete';
  } catch (error) {
    if ((error as { code?: string }).code === LOCK_NOT_AVAILABLE) return 'busy';
    throw error;
  }
}

/** Fills every listed tenant not complete yet, batch by batch; stops early when `stopped()` says so. */
export async function fillListed(
  db: Db,
  options: NamePiecesOptions,
  stopped: () => boolean = () => false,
): Promise<void> {
  const open = await db.selectFrom('name_piece_tenants').select('domain_id').where('complete', '=', false).execute();
  for (const { domain_id } of open) {
    let state: 'more' | 'complete' | 'busy' = 'more';
    while (state !== 'complete' && !stopped()) {
      state = await fillBatch(db, domain_id, options.batch);
      await new Promise((resolve) => setTimeout(resolve, state === 'busy' ? options.pauseMs * 20 : options.pauseMs));
    }
  }
}

/** Looks for tenants past the size every `everyMs` and fills the listed ones until stopped (main.ts). */
export function startNamePieces(
  db: Db,
  options: NamePiecesOptions,
  onError: (error: unknown) => void,
): { stop(): Promise<void> } {
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const round = async () => {
    try {
      if (options.above > 0) await listLargeTenants(db, options.above);
      await fillListed(db, options, () => stopping);
    } catch (error) {
      onError(error);
    }
    if (!stopping) timer = setTimeout(() => (running = round()), options.everyMs).unref();
  };
  running = round();
  return {
    stop: async () => {
      stopping = true;
      clearTimeout(timer);
      await running;
    },
  };
}
