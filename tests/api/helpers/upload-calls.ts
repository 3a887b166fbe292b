// Files sent to `/authtime/uploads` as the console's upload sends them (a multipart form, each file under
// `file`), for the API tests that need a stored file: an import's sheet, a package, a process, a
// calendar. One place, so every test uploads the same way and a refused fixture fails with its message.
import { expect } from 'vitest';
import type { ApiClient, CallResult } from './api-client.ts';

/** What the upload answers: the stored files' paths. */
export type Uploaded = Array<{ filePath: string }>;

/** A file's content: text, bytes (a Buffer too), or a Blob that carries its own content type. */
export type FileContent = string | Uint8Array | Blob;

/** The query naming where the file goes: `path` (a use such as `import`, `package`), `domainid`, `icon`. */
export type UploadQuery = Record<string, string>;

const blobOf = (content: FileContent): Blob =>
  content instanceof Blob ? content : new Blob([typeof content === 'string' ? content : new Uint8Array(content)]);

/** A multipart form holding the `files` (name and content) under the field `file`. */
export function uploadForm(...files: Array<[name: string, content: FileContent]>): FormData {
  const form = new FormData();
  for (const [name, content] of files) form.append('file', blobOf(content), name);
  return form;
}

/** Uploads one file and answers the reply as it comes (for a test that looks at a refusal). */
export function upload(
  client: ApiClient,
  query: UploadQuery,
  name: string,
  content: FileContent,
): Promise<CallResult<Uploaded>> {
  return client.call<Uploaded>('POST', '/authtime/uploads', { query, form: uploadForm([name, content]) });
}

/** Uploads one file, expects it stored, and answers its path. */
export async function uploaded(client: ApiClient, query: UploadQuery, name: string, content: FileContent) {
  const { reply } = await upload(client, query, name, content);
  expect(reply.errcode, reply.errmsg).toBe(0);
  return reply.data[0].filePath;
}
