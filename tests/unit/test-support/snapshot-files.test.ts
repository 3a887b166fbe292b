// The PGlite snapshot's tarball read out once per worker (tests/api/helpers/snapshot-files.ts,
// docs/adr/0225-api-tests-cheaper-pglite-open.md): every folder and file with its bytes, read from a
// tarball that tar(1) writes in the ustar format; anything else refused by name. Each open's files view
// the worker's bytes until their first write copies them (docs/adr/0229-api-tests-snapshot-files-copied-on-write.md).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { SnapshotFs, snapshotFiles } from '../../api/helpers/snapshot-files.ts';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function tarOf(build: (root: string) => void): Uint8Array {
  dir = mkdtempSync(join(tmpdir(), 'snapshot-files-'));
  const root = join(dir, 'root');
  mkdirSync(root);
  build(root);
  execFileSync('tar', ['--format=ustar', '-cf', join(dir, 'out.tar'), '-C', root, '.']);
  return new Uint8Array(readFileSync(join(dir, 'out.tar')));
}

describe('snapshotFiles', () => {
  it('reads every folder and file with its bytes, parents before children', () => {
    const long = 'x'.repeat(1300); // more than two 512-byte blocks
    const tar = tarOf((root) => {
      mkdirSync(join(root, 'base/5'), { recursive: true });
      mkdirSync(join(root, 'pg_wal/summaries'), { recursive: true });
      writeFileSync(join(root, 'PG_VERSION'), '17\n');
      writeFileSync(join(root, 'base/5/1255'), long);
      writeFileSync(join(root, 'base/5/empty'), '');
    });
    const read = snapshotFiles(tar);
    const text = (path: string) => {
      const file = read.files.find((f) => f.path === path)!;
      return new TextDecoder().decode(read.bytes.subarray(file.offset, file.offset + file.size));
    };
    expect(read.files.map((f) => f.path).sort()).toEqual([
      '/pglite/data/PG_VERSION',
      '/pglite/data/base/5/1255',
      '/pglite/data/base/5/empty',
    ]);
    expect(text('/pglite/data/PG_VERSION')).toBe('17\n');
    expect(text('/pglite/data/base/5/1255')).toBe(long);
    expect(text('/pglite/data/base/5/empty')).toBe('');
    expect([...read.folders].sort()).toEqual(
      [
        '/pglite/data',
        '/pglite/data/base',
        '/pglite/data/base/5',
        '/pglite/data/pg_wal',
        '/pglite/data/pg_wal/summaries',
      ].sort(),
    );
    read.folders.forEach((folder, i) =>
      expect(read.folders.slice(0, i).some((earlier) => earlier.startsWith(`${folder}/`))).toBe(false),
    );
  });

  it('refuses an entry that is neither a file nor a folder, naming it', () => {
    const tar = tarOf((root) => {
      writeFileSync(join(root, 'PG_VERSION'), '17\n');
      symlinkSync('PG_VERSION', join(root, 'link'));
    });
    expect(() => snapshotFiles(tar)).toThrow(/type 2 \(link\)/);
  });
});

describe('SnapshotFs', () => {
  it("gives each open its own copy of a file at the first write, leaving the worker's bytes as they were", async () => {
    const made = new PGlite();
    await made.exec(`create table t (id int primary key, v text); insert into t values (1, 'snapshot')`);
    const snapshot = snapshotFiles(new Uint8Array(await (await made.dumpDataDir('none')).arrayBuffer()));
    await made.close();
    const digest = () => createHash('sha256').update(snapshot.bytes).digest('hex');
    const before = digest();

    const firstFs = new SnapshotFs(snapshot);
    const first = new PGlite({ fs: firstFs });
    await first.query(`update t set v = 'first' where id = 1`);
    await first.query(`checkpoint`); // the table's own file written too, not only the WAL
    expect((await first.query<{ v: string }>(`select v from t`)).rows).toEqual([{ v: 'first' }]);
    await first.close();
    expect(firstFs.copied).toBeGreaterThan(0);
    expect(firstFs.copied).toBeLessThan(snapshot.files.length / 4);
    expect(digest()).toBe(before);

    const second = new PGlite({ fs: new SnapshotFs(snapshot) });
    expect((await second.query<{ v: string }>(`select v from t`)).rows).toEqual([{ v: 'snapshot' }]);
    await second.close();
  }, 60_000);
});
