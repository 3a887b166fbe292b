// Tampering with the operation log directly in the database (docs/adr/0087-operation-log-keyed-chain.md), on both databases, with the
// log's key outside it (ATRIUM_LOG_KEY): newest entries deleted, an entry edited and the chain rehashed
// as someone without the key would (plain SHA-256, or HMAC with a key of their own), the head deleted
// or its count lowered; each is reported by the API's verify and by `atrium verify-log`. Normal work and
// a retention delete stay intact, and a chain written before the log was keyed verifies once sealed.
import { spawn } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, POSTGRES_URL } from './helpers/databases.ts';
import { ACME, ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import { idsByName } from './helpers/superuser-calls.ts';
import type { ApiClient } from './helpers/api-client.ts';
import type { Db } from '../../src/server/db/schema.ts';
import { canonicalJson, contentOf, type StoredEntry } from '../../src/server/operation-log/chain-hash.ts';
import { appendEntry } from '../../src/server/operation-log/log-writer.ts';
import { PROJECT_ROOT } from '../../src/core/catalogue/from-disk.ts';
import { int8 } from '../../src/server/db/int8.ts';

const targets = await databaseTargets();
const KEY = 'tamper-test-key-kept-outside-the-database';

interface Verified {
  success: boolean;
  message: string;
  checked: number;
  keyOutside: boolean;
  head: { entries: number; lastSeq: string; lastHash: string } | null;
  broken: { id: string; reason: string; expected?: number; found?: number } | null;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hmacWith = (key: string) => (text: string) => createHmac('sha256', key).update(text).digest('hex');

/** What someone who can write the database but has not the key does: rewrites the entries of a chain
 *  from `fromSeq` on, relinking each to the one before and hashing it their way. */
async function rehash(db: Db, chain: string, fromSeq: string, hash: (text: string) => string): Promise<void> {
  const rows = (await db
    .selectFrom('operation_log')
    .selectAll()
    .where('chain', '=', chain)
    .orderBy('seq')
    .execute()) as unknown as StoredEntry[];
  let prev = '';
  for (const row of rows) {
    if (Number(row.seq) >= Number(fromSeq)) {
      const fresh = hash(canonicalJson({ ...contentOf(row), prevHash: prev }));
      await db
        .updateTable('operation_log')
        .set({ prev_hash: prev, hash: fresh })
        .where('seq', '=', int8(String(row.seq)))
        .execute();
      prev = fresh;
    } else prev = row.hash;
  }
}

/** `atrium verify-log` as a process, on the PostgreSQL database the test server uses. */
async function cli(db: Db, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const {
    rows: [{ name }],
  } = await (await import('kysely')).sql<{ name: string }>`select current_database() as name`.execute(db);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'generator/cli.ts', 'verify-log', ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, DATABASE_URL: url.toString(), ATRIUM_LOG_KEY: KEY },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const code = await new Promise<number | null>((done) => child.on('close', done));
  return { code, stdout, stderr };
}

describe.each(targets)('operation log tampering on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let acmeId: string;
  const previousKey = process.env.ATRIUM_LOG_KEY;

  const verify = async (chain: string) => {
    const { reply } = await admin.call<Verified>('POST', `/authtime/domain/${chain}/logger/verify`);
    expect(reply.errcode, reply.errmsg).toBe(0);
    return reply.data;
  };
  /** Every queued entry written, so what the test then changes is the chain's real end. */
  const settled = () => server.app.services.operationLog.idle();
  const newest = (chain: string, n: number) =>
    server.db
      .selectFrom('operation_log')
      .selectAll()
      .where('chain', '=', chain)
      .orderBy('seq', 'desc')
      .limit(n)
      .execute();
  const head = (chain: string) =>
    server.db.selectFrom('operation_log_heads').selectAll().where('chain', '=', chain).executeTakeFirstOrThrow();
  /** A chain's entries and head as they are now, to put back after a tamper. */
  const snapshot = async (chain: string) => {
    await settled();
    return {
      rows: await server.db.selectFrom('operation_log').selectAll().where('chain', '=', chain).execute(),
      head: await head(chain),
    };
  };
  /** Puts entries and head back together: the rollback no verify can see from the database alone. */
  const rewind = async (chain: string, saved: Awaited<ReturnType<typeof snapshot>>) => {
    await settled();
    await server.db.deleteFrom('operation_log').where('chain', '=', chain).execute();
    await server.db
      .insertInto('operation_log')
      .values(saved.rows.map((r) => ({ ...r, change: JSON.stringify(r.change) })))
      .execute();
    await server.db.deleteFrom('operation_log_heads').where('chain', '=', chain).execute();
    await server.db.insertInto('operation_log_heads').values(saved.head).execute();
  };
  const work = async (times: number) => {
    for (let i = 0; i < times; i++)
      expect(
        (await admin.call('PUT', `/authtime/domain/${acmeId}/logger`, { body: { id: '0', remark: `work ${i}` } })).reply
          .errcode,
      ).not.toBe(0);
  };

  beforeAll(async () => {
    process.env.ATRIUM_LOG_KEY = KEY;
    server = await startTestServer(target);
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    await server.signedIn(ACME.username, ACME.password, 'en');
    [acmeId] = await idsByName(server.db, 'domains', ['Acme']);
    await work(4);
  });
  afterAll(async () => {
    if (previousKey === undefined) delete process.env.ATRIUM_LOG_KEY;
    else process.env.ATRIUM_LOG_KEY = previousKey;
    await server?.close();
  });

  it('verifies normal work as intact, keyed with the key kept outside, and gives the head to keep', async () => {
    const result = await verify(acmeId);
    expect(result).toMatchObject({ success: true, broken: null, keyOutside: true });
    expect(result.head).toEqual({
      entries: result.checked,
      lastSeq: expect.any(String),
      lastHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(result.message).not.toContain('kept in the database');
    const [last] = await newest(acmeId, 1);
    // The newest entry's hash is the keyed one: plain SHA-256 of its content is not it.
    expect(last.hash).not.toBe(sha256(canonicalJson(contentOf(last as unknown as StoredEntry))));
    expect(last.hash).toBe(hmacWith(KEY)(canonicalJson(contentOf(last as unknown as StoredEntry))));
  });

  it('reports the newest entries deleted with SQL, with the counts', async () => {
    const saved = await snapshot(acmeId);
    const { entries } = saved.head;
    const removed = await newest(acmeId, 2);
    await server.db
      .deleteFrom('operation_log')
      .where(
        'seq',
        'in',
        removed.map((r) => r.seq),
      )
      .execute();
    const result = await verify(acmeId);
    expect(result).toMatchObject({
      success: false,
      broken: { reason: 'tail', expected: Number(entries), found: Number(entries) - 2 },
    });
    expect(result.message).toContain(
      `its signed head counts ${entries} entries, the log holds ${Number(entries) - 2}.`,
    );
    expect(result.head).toBeNull();
    await rewind(acmeId, saved);
    expect(await verify(acmeId)).toMatchObject({ success: true, broken: null });
  });

  it('reports the whole log deleted but its head', async () => {
    const saved = await snapshot(acmeId);
    await server.db.deleteFrom('operation_log').where('chain', '=', acmeId).execute();
    expect(await verify(acmeId)).toMatchObject({ success: false, broken: { reason: 'tail', found: 0 } });
    await rewind(acmeId, saved);
    expect((await verify(acmeId)).success).toBe(true);
  });

  it.each([
    ['plain SHA-256', sha256],
    ['HMAC with a key of its own', hmacWith('guessed-key')],
  ])('reports an entry edited and the chain rehashed with %s from there', async (_how, hash) => {
    const saved = await snapshot(acmeId);
    const [, victim] = await newest(acmeId, 3);
    await server.db.updateTable('operation_log').set({ user_name: 'mallory' }).where('seq', '=', victim.seq).execute();
    await rehash(server.db, acmeId, String(victim.seq), hash);
    const result = await verify(acmeId);
    expect(result).toMatchObject({ success: false, broken: { id: String(victim.seq), reason: 'recomputed' } });
    expect(result.message).toContain(`Entry ${victim.seq} (`);
    expect(result.message).toContain("rehashed without the log's key");
    await rewind(acmeId, saved);
    expect((await verify(acmeId)).success).toBe(true);
  });

  it('reports a head pointed at a rewritten chain: its signature does not hold', async () => {
    const saved = await snapshot(acmeId);
    const [, victim] = await newest(acmeId, 3);
    await server.db.updateTable('operation_log').set({ user_name: 'mallory' }).where('seq', '=', victim.seq).execute();
    await rehash(server.db, acmeId, String(victim.seq), sha256);
    const [end] = await newest(acmeId, 1);
    await server.db
      .updateTable('operation_log_heads')
      .set({ last_hash: end.hash })
      .where('chain', '=', acmeId)
      .execute();
    const result = await verify(acmeId);
    expect(result).toMatchObject({ success: false, broken: { reason: 'head' } });
    expect(result.message).toBe("The log's signed head is not valid: it was written without the log's key.");
    await rewind(acmeId, saved);
    expect((await verify(acmeId)).success).toBe(true);
  });

  it('reports a deleted head, and a head whose count was lowered after the tail went', async () => {
    const saved = await snapshot(acmeId);
    await server.db.deleteFrom('operation_log_heads').where('chain', '=', acmeId).execute();
    const missing = await verify(acmeId);
    expect(missing).toMatchObject({ success: false, broken: { reason: 'missingHead' } });
    expect(missing.message).toContain("The log's signed head is missing");
    // The verify call above was logged meanwhile: the server never makes a new head for a chain that has entries.
    await settled();
    expect(
      await server.db.selectFrom('operation_log_heads').select('chain').where('chain', '=', acmeId).executeTakeFirst(),
    ).toBeUndefined();
    await rewind(acmeId, saved);
    const [last] = await newest(acmeId, 1);
    await server.db.deleteFrom('operation_log').where('seq', '=', last.seq).execute();
    const [end] = await newest(acmeId, 1);
    await server.db
      .updateTable('operation_log_heads')
      .set({ entries: Number(saved.head.entries) - 1, last_seq: String(end.seq), last_hash: end.hash })
      .where('chain', '=', acmeId)
      .execute();
    expect(await verify(acmeId)).toMatchObject({ success: false, broken: { reason: 'head' } });
    // A head that does not verify is never signed again by the appends that follow.
    await work(1);
    await settled();
    expect(await verify(acmeId)).toMatchObject({ success: false, broken: { reason: 'head' } });
    await rewind(acmeId, saved);
    expect((await verify(acmeId)).success).toBe(true);
  });

  it('stays intact through a retention delete, and still finds a tail deleted after it', async () => {
    const platform = await verify('platform');
    expect(platform.success).toBe(true);
    server.app.services.logRetentionDays = 0;
    const { reply } = await admin.call<{ deleted: number }>('DELETE', '/authtime/domain/platform/loggers', {
      body: { olderThanDays: 0 },
    });
    server.app.services.logRetentionDays = 180;
    expect(reply.errcode, reply.errmsg).toBe(0);
    expect(reply.data.deleted).toBeGreaterThan(0);
    await work(2); // acme's chain: the platform's grows by the delete and verify calls only
    expect(await verify('platform')).toMatchObject({ success: true, broken: null });
    const saved = await snapshot('');
    const [newestRow] = await newest('', 1);
    await server.db.deleteFrom('operation_log').where('seq', '=', newestRow.seq).execute();
    expect(await verify('platform')).toMatchObject({ success: false, broken: { reason: 'tail' } });
    await rewind('', saved);
    expect((await verify('platform')).success).toBe(true);
  });

  it('verifies a chain written before the log was keyed once sealed, and finds a legacy entry rewritten after the seal', async () => {
    const chain = `legacy-${target.name}`;
    // Three entries as an unkeyed log writes them: plain SHA-256, no head (docs/adr/0087-operation-log-keyed-chain.md).
    let prev = '';
    const seqs: string[] = [];
    for (let i = 0; i < 3; i++) {
      const {
        rows: [{ seq }],
      } = await (
        await import('kysely')
      ).sql<{ seq: string }>`select nextval('operation_log_seq')::text as seq`.execute(server.db);
      const row = {
        seq,
        chain,
        at: new Date(),
        domain_id: chain,
        user_id: null,
        user_name: `old ${i}`,
        user_kind: '',
        ip: '127.0.0.1',
        call_id: 'domains.update',
        method: 'PUT',
        path: '/x',
        target_id: '',
        change: null,
        errcode: 0,
        message: '',
        prev_hash: prev,
        hash: '',
      };
      row.hash = sha256(canonicalJson(contentOf(row as unknown as StoredEntry)));
      await server.db
        .insertInto('operation_log')
        .values({ ...row, change: JSON.stringify(null) })
        .execute();
      prev = row.hash;
      seqs.push(seq);
    }
    const { sealLegacyChains } = await import('../../src/server/operation-log/seal-legacy.ts');
    expect(await sealLegacyChains(server.db)).toBe(1);
    const { verifyLog } = await import('../../src/server/operation-log/verify-chain.ts');
    expect(await verifyLog(server.db, chain)).toMatchObject({ ok: true, checked: 3 });
    await appendEntry(server.db, {
      at: new Date(),
      domainId: chain,
      userId: null,
      userName: 'new',
      userKind: '',
      ip: '127.0.0.1',
      callId: 'domains.update',
      method: 'PUT',
      path: '/x',
      targetId: '',
      change: null,
      errcode: 0,
      message: '',
    });
    expect(await verifyLog(server.db, chain)).toMatchObject({ ok: true, checked: 4 });
    // The legacy part rewritten consistently with plain SHA-256 (what the old verify accepted).
    await server.db
      .updateTable('operation_log')
      .set({ user_name: 'mallory' })
      .where('seq', '=', int8(seqs[1]))
      .execute();
    await rehash(server.db, chain, seqs[1], sha256);
    // Rewritten up to the chain's end, the first keyed entry is the first one it cannot hash right.
    const [keyed] = await newest(chain, 1);
    expect(await verifyLog(server.db, chain)).toMatchObject({
      ok: false,
      broken: { reason: 'recomputed', id: String(keyed.seq) },
    });
  });

  it('cannot see a rollback of entries and head together from the database alone, but `verify-log --since` the head recorded before can', async () => {
    const { reportLog } = await import('../../generator/commands/verify-log.ts');
    const lines: string[] = [];
    const print = { out: (l: string) => lines.push(`out: ${l}`), err: (l: string) => lines.push(`err: ${l}`) };
    const older = await snapshot(acmeId);
    await work(2);
    const recorded = (await verify(acmeId)).head!;
    expect(recorded).not.toBeNull();
    expect(await reportLog(server.db, acmeId, print, `${recorded.lastSeq}:${recorded.lastHash}`)).toBe(0);
    expect(lines.pop()).toContain(`The head recorded earlier (entry ${recorded.lastSeq}) is still part of it.`);
    await rewind(acmeId, older);
    // Consistent as far as the database can tell: the head is one the server signed.
    expect(await verify(acmeId)).toMatchObject({ success: true, broken: null });
    await settled();
    expect(await reportLog(server.db, acmeId, print, `${recorded.lastSeq}:${recorded.lastHash}`)).toBe(1);
    expect(lines.pop()).toContain(
      `Entry ${recorded.lastSeq}, recorded earlier as its head, is no longer in it: the log was rolled back`,
    );
    expect(await reportLog(server.db, acmeId, print, 'not-a-head')).toBe(2);
  });

  // On PostgreSQL it starts the command twice through tsx, a cold transpile each: a slow, loaded machine took over
  // the 60 s default. The bound is on a command that hangs.
  it('makes `atrium verify-log` exit 1 naming the break, and 0 when intact', async () => {
    const { reportLog } = await import('../../generator/commands/verify-log.ts');
    const lines: string[] = [];
    const print = { out: (l: string) => lines.push(`out: ${l}`), err: (l: string) => lines.push(`err: ${l}`) };
    const saved = await snapshot(acmeId);
    expect(await reportLog(server.db, acmeId, print)).toBe(0);
    expect(lines.pop()).toMatch(/^out: operation log: The log is intact: \d+ entries verified\. Its signed head: /);
    const removed = await newest(acmeId, 1);
    await server.db.deleteFrom('operation_log').where('seq', '=', removed[0].seq).execute();
    expect(await reportLog(server.db, acmeId, print)).toBe(1);
    expect(lines.pop()).toMatch(
      new RegExp(
        `^err: operation log of enterprise ${acmeId}: Entries were deleted from the end of the log: its signed head counts \\d+ entries, the log holds \\d+\\.`,
      ),
    );
    if (target.name === 'postgres') {
      const run = await cli(server.db, ['--domain', acmeId]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('Entries were deleted from the end of the log');
    }
    await rewind(acmeId, saved);
    expect(await reportLog(server.db, acmeId, print)).toBe(0);
    if (target.name === 'postgres') expect((await cli(server.db, ['--domain', acmeId])).code).toBe(0);
  }, 180_000);
});
