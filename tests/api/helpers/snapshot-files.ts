// The PGlite snapshot's files, read out of its tarball once per worker and written into each new
// PGlite's in-memory file system (docs/adr/0225-api-tests-cheaper-pglite-open.md). PGlite's own
// `loadDataDir` parsed the 66 MB tarball again at every open, copied each file out of it one by one and
// looked every parent folder up again per file: about a third of an open's CPU. Here each file of an
// open views its part of the worker's bytes until its first write copies it
// (docs/adr/0229-api-tests-snapshot-files-copied-on-write.md); the files, folders and bytes PostgreSQL
// starts on are the same.
import { MemoryFS } from '@electric-sql/pglite';

/** Where PGlite's PostgreSQL keeps its data directory (PGDATA in PGlite's module). */
const PGDATA = '/pglite/data';
const BLOCK = 512;

interface SnapshotFile {
  path: string;
  offset: number;
  size: number;
}

export interface SnapshotFiles {
  /** Every folder, parents before children. */
  folders: string[];
  files: SnapshotFile[];
  /** The files' bytes one after another (`offset` and `size` of each). */
  bytes: Uint8Array;
}

const text = (tar: Uint8Array, start: number, length: number) => {
  const field = tar.subarray(start, start + length);
  const end = field.indexOf(0);
  return new TextDecoder().decode(end === -1 ? field : field.subarray(0, end));
};

/** Reads a ustar tarball of regular files and folders (what PGlite's `dumpDataDir` writes). */
export function snapshotFiles(tar: Uint8Array): SnapshotFiles {
  const folders = new Set<string>();
  const files: SnapshotFile[] = [];
  const parts: Uint8Array[] = [];
  let total = 0;
  const withParents = (path: string) => {
    const names = path.split('/');
    for (let i = 1; i <= names.length; i++) folders.add(`${PGDATA}/${names.slice(0, i).join('/')}`);
  };
  for (let at = 0; at + BLOCK <= tar.length;) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const prefix = text(tar, at + 345, 155);
    const name = `${prefix ? `${prefix}/` : ''}${text(tar, at, 100)}`.replace(/^(\.?\/)+|\/+$/g, '');
    const size = parseInt(text(tar, at + 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(header[156] || 48); // NUL is an old regular file
    at += BLOCK;
    if (type === '5') {
      if (name) withParents(name);
    } else if (type === '0') {
      const slash = name.lastIndexOf('/');
      if (slash > 0) withParents(name.slice(0, slash));
      files.push({ path: `${PGDATA}/${name}`, offset: total, size });
      parts.push(tar.subarray(at, at + size));
      total += size;
    } else {
      throw new Error(
        `the PGlite snapshot holds a tar entry of type ${type} (${name}): only files and folders are read`,
      );
    }
    at += Math.ceil(size / BLOCK) * BLOCK;
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  const ordered = [PGDATA, ...[...folders].sort((a, b) => a.split('/').length - b.split('/').length)];
  return { folders: [...new Set(ordered)], files, bytes };
}

/** The part of Emscripten's MEMFS a file's node and its write operation show. */
interface MemNode {
  contents: Uint8Array | null;
  usedBytes: number;
}
interface MemStreamOps {
  write(stream: { node: MemNode }, ...rest: unknown[]): number;
}
interface MemStream {
  node: MemNode;
  stream_ops: MemStreamOps;
}

/** PGlite's in-memory file system, holding the snapshot's files before PostgreSQL starts (PGlite then
 *  finds the data directory and resumes it, as it does after loading a tarball). Each file starts as a
 *  view of the worker's bytes and is copied at its first write (copy on write,
 *  docs/adr/0229-api-tests-snapshot-files-copied-on-write.md): an open copies the few files its server
 *  writes instead of all 66 MB, and the worker's bytes never change. */
export class SnapshotFs extends MemoryFS {
  /** The files still viewing the worker's bytes. */
  private readonly shared = new WeakSet<MemNode>();
  /** Files copied at their first write (for the tests of this file system). */
  copied = 0;

  constructor(private readonly snapshot: SnapshotFiles) {
    super();
  }

  override async initialSyncFs(): Promise<void> {
    await super.initialSyncFs();
    const fs = this.pg!.Module.FS;
    for (const folder of this.snapshot.folders) if (!fs.analyzePath(folder).exists) fs.mkdir(folder);
    const { bytes } = this.snapshot;
    let ops: MemStreamOps | undefined;
    for (const { path, offset, size } of this.snapshot.files) {
      const stream = fs.open(path, 'w') as unknown as MemStream;
      // canOwn: the node's contents become this view itself, not a copy of it.
      fs.write(stream as never, bytes.subarray(offset, offset + size), 0, size, 0, true);
      if (size > 0) this.shared.add(stream.node);
      ops ??= stream.stream_ops;
      fs.close(stream as never);
    }
    if (ops) this.copyOnWrite(ops);
  }

  /** MEMFS writes into a file's contents in place when they are large enough (its `msync` writes through
   *  the same operation; a truncation or an extension makes new contents): a file still viewing the
   *  worker's bytes gets its own copy first. The operations belong to this open's module only. */
  private copyOnWrite(ops: MemStreamOps): void {
    const write = ops.write;
    const shared = this.shared;
    const onCopy = () => this.copied++;
    ops.write = function (stream, ...rest) {
      const node = stream.node;
      if (shared.has(node)) {
        shared.delete(node);
        if (node.contents) node.contents = node.contents.slice();
        onCopy();
      }
      return write.call(this, stream, ...rest);
    };
  }
}
