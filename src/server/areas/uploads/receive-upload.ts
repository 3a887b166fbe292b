// Reads the one file of a multipart upload into its folder: size limit while streaming, type by name
// and by content, written under a hidden temporary name and renamed only when whole and accepted. A
// refused upload leaves no trace: its partial file goes, and so do the folders it created, when empty.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, rmdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import {
  acceptsFileName,
  extensionOf,
  tooLargeProblem,
  UPLOAD_USES,
  wrongTypeProblem,
  type UploadProblem,
  type UploadUseName,
} from '../../../core/uploads.ts';
import { AppError } from '../../http/app-error.ts';
import { startsLike } from './file-signatures.ts';
import { inside } from './upload-folders.ts';

const refused = (messageKey: string, params?: Record<string, unknown>) =>
  new AppError('validation', params, messageKey);
const refusedFor = ({ key, params }: UploadProblem) => refused(key, params);

/** Multipart errors of the parser → the user's message; anything else is unexpected. */
function limitError(error: unknown, use: UploadUseName): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return refusedFor(tooLargeProblem(use));
  if (code === 'FST_FILES_LIMIT') return refused('msg.uploadOneFile');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return refused('msg.uploadOneFile');
  return error;
}

/** Removes `folder` and its parents up to `top` (the first folder an upload created), each only while
 *  empty: another upload may have stored a file there meanwhile, and that one stays. */
async function removeEmptyFolders(folder: string, top: string): Promise<void> {
  for (let dir = folder; ; dir = dirname(dir)) {
    try {
      await rmdir(dir);
    } catch {
      return;
    }
    if (dir === top || dirname(dir) === dir) return;
  }
}

/** Stores the part in `folder`, made when missing: `made` is the first folder it created. */
async function store(part: MultipartFile, use: UploadUseName, folder: string, made: { top?: string }): Promise<string> {
  const extension = extensionOf(part.filename);
  if (!acceptsFileName(use, part.filename)) {
    part.file.resume(); // drain it, so the rest of the request can still be read
    throw refusedFor(wrongTypeProblem(use));
  }
  made.top ??= await mkdir(folder, { recursive: true });
  const name = `${randomUUID()}.${extension}`;
  const partial = inside(folder, `.${name}.part`);
  try {
    await pipeline(part.file, createWriteStream(partial, { flags: 'wx' }));
    if (part.file.truncated) throw refusedFor(tooLargeProblem(use));
    if (!(await startsLike(partial, extension))) throw refusedFor(wrongTypeProblem(use));
    const final = inside(folder, name);
    await rename(partial, final);
    return final;
  } finally {
    await rm(partial, { force: true });
  }
}

/** The stored file's path on disk; refuses no file, a second file, a wrong type and an oversized file. */
export async function receiveUpload(request: FastifyRequest, use: UploadUseName, folder: string): Promise<string> {
  if (!request.isMultipart()) throw refused('msg.uploadFileRequired');
  const stored: string[] = [];
  const made: { top?: string } = {};
  try {
    for await (const part of request.parts({
      limits: { fileSize: UPLOAD_USES[use].maxBytes, files: 1, fields: 10, fieldSize: 1024 },
    })) {
      if (part.type !== 'file') continue;
      // A form sent with no file chosen still carries an empty file part with an empty name.
      if (!part.filename) part.file.resume();
      else stored.push(await store(part, use, folder, made));
    }
  } catch (error) {
    await Promise.all(stored.map((file) => rm(file, { force: true })));
    if (made.top) await removeEmptyFolders(folder, made.top);
    throw limitError(error, use);
  }
  if (stored.length === 0) throw refused('msg.uploadFileRequired');
  return stored[0];
}
