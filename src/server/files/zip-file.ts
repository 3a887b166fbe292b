// Reads a zip archive from disk without trusting it: the central directory first (bounded entries; no
// zip64, nothing of ours is 4 GB), then each entry inflated through a byte counter against a budget, as
// a declared size can lie. Uploaded workbooks (transfer/xlsx-guard.ts) and application packages
// (applications/package-archive.ts) are read this way; each caller words the refusals.
import { open } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { createInflateRaw } from 'node:zlib';

/** oleFile: an OLE compound document (an old .xls); notZip: not a zip or a damaged one; tooBig: past the budget. */
export class ZipRefusal extends Error {
  constructor(readonly reason: 'oleFile' | 'notZip' | 'tooBig') {
    super(reason);
  }
}

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
}

const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** The central directory of a zip file. */
export async function centralDirectory(file: string, maxEntries: number): Promise<ZipEntry[]> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(8);
    await handle.read(head, 0, 8, 0);
    if (head.equals(OLE_SIGNATURE)) throw new ZipRefusal('oleFile');
    if (!head.subarray(0, 4).equals(ZIP_SIGNATURE)) throw new ZipRefusal('notZip');
    // The end-of-central-directory record sits in the last 22 bytes + an optional comment (≤ 64 KB).
    const tailLength = Math.min(size, 22 + 65535);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    let eocd = -1;
    for (let i = tailLength - 22; i >= 0; i--)
      if (tail.readUInt32LE(i) === 0x06054b50) {
        eocd = i;
        break;
      }
    if (eocd < 0) throw new ZipRefusal('notZip');
    const count = tail.readUInt16LE(eocd + 10);
    const cdSize = tail.readUInt32LE(eocd + 12);
    const cdOffset = tail.readUInt32LE(eocd + 16);
    if (count > maxEntries || cdOffset + cdSize > size) throw new ZipRefusal('notZip');
    const cd = Buffer.alloc(cdSize);
    await handle.read(cd, 0, cdSize, cdOffset);
    const entries: ZipEntry[] = [];
    for (let p = 0, i = 0; i < count; i++) {
      if (p + 46 > cd.length || cd.readUInt32LE(p) !== 0x02014b50) throw new ZipRefusal('notZip');
      const nameLength = cd.readUInt16LE(p + 28);
      entries.push({
        method: cd.readUInt16LE(p + 10),
        compressedSize: cd.readUInt32LE(p + 20),
        uncompressedSize: cd.readUInt32LE(p + 24),
        localOffset: cd.readUInt32LE(p + 42),
        name: cd.toString('utf8', p + 46, p + 46 + nameLength),
      });
      p += 46 + nameLength + cd.readUInt16LE(p + 30) + cd.readUInt16LE(p + 32);
    }
    return entries;
  } finally {
    await handle.close();
  }
}

/** Inflates one entry, counting its bytes (refused past `budget`) and handing each chunk to `see`. */
export async function inflateEntry(
  file: string,
  entry: ZipEntry,
  budget: number,
  see: (chunk: Buffer) => void,
): Promise<number> {
  let bytes = 0;
  for await (const chunk of entryChunks(file, entry, budget)) {
    bytes += chunk.length;
    see(chunk);
  }
  return bytes;
}

/** One entry's inflated bytes, a chunk at a time as the reader pulls them (refused past `budget`). */
export async function* entryChunks(file: string, entry: ZipEntry, budget: number): AsyncGenerator<Buffer> {
  const handle = await open(file, 'r');
  let dataStart: number;
  try {
    const local = Buffer.alloc(30);
    await handle.read(local, 0, 30, entry.localOffset);
    if (local.readUInt32LE(0) !== 0x04034b50) throw new ZipRefusal('notZip');
    dataStart = entry.localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  } finally {
    await handle.close();
  }
  if (entry.compressedSize === 0) return;
  const raw = createReadStream(file, { start: dataStart, end: dataStart + entry.compressedSize - 1 });
  const source = entry.method === 0 ? raw : entry.method === 8 ? raw.pipe(createInflateRaw()) : null;
  if (!source) throw new ZipRefusal('notZip');
  let bytes = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > budget) throw new ZipRefusal('tooBig');
      yield chunk;
    }
  } catch (error) {
    if (error instanceof ZipRefusal) throw error;
    throw new ZipRefusal('notZip');
  } finally {
    raw.destroy();
    source.destroy();
  }
}
