// The PGlite snapshot every API test server opens is taken just after a checkpoint and carries only the
// WAL segments from that checkpoint on: PostgreSQL keeps recycled segments (named after the current one,
// 16 MB each, 80 MB by `min_wal_size`) for reuse, and without a checkpoint an open replays the WAL written
// since the last one. Both cost every open (docs/adr/0136-browser-tests-beside-api-tests.md); a segment
// PostgreSQL needs later it makes again.
import { sql } from 'kysely';
import type { Db } from '../../../src/server/db/schema.ts';

const BLOCK = 512;

/** Checkpoints and answers the names of the WAL segments an open needs: the checkpoint's redo segment to
 *  the one being written. */
export async function checkpointedWal(db: Db): Promise<{ first: string; last: string }> {
  await sql`checkpoint`.execute(db);
  const { rows } = await sql<{ first: string; last: string }>`
    select redo_wal_file as first, pg_walfile_name(pg_current_wal_insert_lsn()) as last
    from pg_control_checkpoint()`.execute(db);
  return rows[0];
}

const text = (header: Uint8Array, from: number, length: number) =>
  new TextDecoder().decode(header.subarray(from, from + length)).replace(/\0.*$/s, '');

/** The ustar archive without the WAL segments outside `keep` (names compare in WAL order). */
export function withoutRecycledWal(tar: Uint8Array, keep: { first: string; last: string }): Uint8Array {
  const parts: Uint8Array[] = [];
  let at = 0;
  while (at + BLOCK <= tar.length) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const prefix = text(header, 345, 155);
    const name = (prefix ? `${prefix}/` : '') + text(header, 0, 100);
    const size = parseInt(text(header, 124, 12).trim() || '0', 8);
    const end = at + BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    const segment = /(?:^|\/)pg_wal\/([0-9A-F]{24})$/.exec(name)?.[1];
    if (!segment || (segment >= keep.first && segment <= keep.last)) parts.push(tar.subarray(at, end));
    at = end;
  }
  parts.push(new Uint8Array(2 * BLOCK)); // the archive's end
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
